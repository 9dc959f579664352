import { SocketEvent } from '@retouch/shared/realtime';
import { queryKeys } from '@/lib/query-keys';
import { useReloadOn } from '@/lib/use-reload-on';

/** Reloads the order list when the server announces 'change orders' (mounted only on /history). */
export function useReloadOnOrderChange() {
  useReloadOn(SocketEvent.changeOrders, queryKeys.userOrders);
}
