import { queueRateSchema } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { useEffect, useState } from 'react';
import { useSocket } from '@/lib/socket-context';

/** The number of orders waiting for a designer: asked for on mount and after each reconnect, then kept up by the broadcasts. */
export function useQueueRate(): number | null {
  const socket = useSocket();
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    if (!socket) return;
    const onRate = (payload: unknown) => {
      const parsed = queueRateSchema.safeParse(payload);
      if (parsed.success) setSize(parsed.data.size);
    };
    // Asked again after every reconnect: broadcasts sent while the socket was away are lost. A request
    // made before the first connect waits in socket.io's buffer and goes with it.
    let buffered = !socket.connected;
    const ask = () => socket.emit(SocketEvent.executorRate);
    const onConnect = () => {
      if (buffered) buffered = false;
      else ask();
    };
    socket.on(SocketEvent.executorRate, onRate);
    socket.on('connect', onConnect);
    ask();
    return () => {
      socket.off(SocketEvent.executorRate, onRate);
      socket.off('connect', onConnect);
    };
  }, [socket]);
  return size;
}
