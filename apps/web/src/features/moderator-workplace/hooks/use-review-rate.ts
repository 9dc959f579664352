import { queueRateSchema } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { useEffect, useState } from 'react';
import { useSocket } from '@/lib/socket';

/** The number of orders waiting for review: asked for on mount, then kept up by the broadcasts. */
export function useReviewRate(): number | null {
  const socket = useSocket();
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    if (!socket) return;
    const onRate = (payload: unknown) => {
      const parsed = queueRateSchema.safeParse(payload);
      if (parsed.success) setSize(parsed.data.size);
    };
    socket.on(SocketEvent.reviewRate, onRate);
    socket.emit(SocketEvent.reviewRate, true);
    return () => {
      socket.off(SocketEvent.reviewRate, onRate);
    };
  }, [socket]);
  return size;
}
