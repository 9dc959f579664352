import { SocketEvent } from '@retouch/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import type { AppSocket } from '@/lib/socket';

/** Reloads the permissions and the user when the server says they changed (role edited, assigned, custom switches). */
export function useLivePermissions(socket: AppSocket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onPermissionsChanged = () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userPermissions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    };
    socket.on(SocketEvent.permissionsChanged, onPermissionsChanged);
    return () => {
      socket.off(SocketEvent.permissionsChanged, onPermissionsChanged);
    };
  }, [socket, queryClient]);
}
