import type { ServerToClientEvents } from '@retouch/shared/realtime';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from './socket-context';

/** Loads the queries under `queryKey` again whenever the server sends `event` (while mounted). */
export function useReloadOn(event: keyof ServerToClientEvents, queryKey: QueryKey): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  // The key's value, not its identity: callers pass constants or literals.
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!socket) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    socket.on(event, reload);
    return () => {
      socket.off(event, reload);
    };
  }, [socket, queryClient, event, key]);
}
