import { queueRateSchema } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { useSocketValue } from '@/lib/use-socket-value';

/** The number of orders waiting for review: asked for on mount and after each reconnect, then kept up by the broadcasts. */
export function useReviewRate(): number | null {
  return useSocketValue({
    event: SocketEvent.reviewRate,
    schema: queueRateSchema,
    select: (rate) => rate.size,
    ask: (socket) => socket.emit(SocketEvent.reviewRate, true),
  });
}
