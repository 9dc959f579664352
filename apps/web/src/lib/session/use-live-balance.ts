import { SocketEvent } from '@retouch/shared/realtime';
import { balanceSchema, type UserInfo } from '@retouch/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import type { AppSocket } from '@/lib/socket';

/** Puts the balance of a `balance` socket event into the cached user at once, then reloads the user. */
export function useLiveBalance(socket: AppSocket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onBalance = (payload: unknown) => {
      const parsed = balanceSchema.safeParse(payload);
      if (!parsed.success) return;
      queryClient.setQueryData<UserInfo | null>(queryKeys.userInfo, (user) =>
        user ? { ...user, balance: parsed.data } : user,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    };
    socket.on(SocketEvent.balance, onBalance);
    return () => {
      socket.off(SocketEvent.balance, onBalance);
    };
  }, [socket, queryClient]);
}
