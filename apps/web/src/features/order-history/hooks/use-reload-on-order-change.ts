import { SocketEvent } from '@retouch/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { useSocket } from '@/lib/socket-context';

/** Reloads the order list when the server announces 'change orders' (mounted only on /history). */
export function useReloadOnOrderChange() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.userOrders });
    socket.on(SocketEvent.changeOrders, reload);
    return () => {
      socket.off(SocketEvent.changeOrders, reload);
    };
  }, [socket, queryClient]);
}
