import { AdminText, CustomerText } from '@retouch/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useLocation } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { checkAuth } from '@/lib/session/check-auth';
import { useEndLocalSession } from '@/lib/session/use-end-local-session';
import { useLiveBalance } from '@/lib/session/use-live-balance';
import { useLivePermissions } from '@/lib/session/use-live-permissions';
import { createSocket, watchConnection, type AppSocket } from '@/lib/socket';
import { onResync } from '@/lib/socket-resync';

const UNAUTHORIZED = 401;

/**
 * The realtime connection of a logged-in user (a lazy chunk, rendered by SessionSocketProvider while
 * the session lasts): opens the socket, hands it up with `onSocket`, and applies the specification's
 * socket rules.
 */
export default function SessionSocket({ onSocket }: { onSocket: (socket: AppSocket | null) => void }) {
  const { notification } = App.useApp();
  // Notification titles follow the screen's language: Russian in the back office (back-office section 8).
  const texts = useLocation().pathname.startsWith('/admin') ? AdminText : CustomerText;
  const endLocalSession = useEndLocalSession();
  const queryClient = useQueryClient();
  const socket = useMemo(() => createSocket(), []);
  useLiveBalance(socket);
  useLivePermissions(socket);

  // A 401 from the socket: ask the server whether the session lives, then reconnect or log out here.
  const recheckSession = useEffectEvent(async (target: AppSocket) => {
    try {
      await checkAuth();
      target.disconnect().connect();
    } catch (error) {
      if (error instanceof ApiError && error.status === UNAUTHORIZED) endLocalSession();
      else notification.error({ title: texts.error, description: errorMessage(error, texts.somethingWrong) });
    }
  });
  const notify = useEffectEvent((type: 'info' | 'warning' | 'error', description: string) => {
    const title = { info: undefined, warning: texts.warning, error: texts.error }[type];
    notification[type]({ title, description });
  });

  useEffect(() => {
    const stopWatching = watchConnection(socket, {
      onReconnecting: () => notify('warning', CustomerText.attemptingToReconnect),
      onGaveUp: () => notify('error', CustomerText.failedToConnect),
      onUnauthorized: () => void recheckSession(socket),
      onError: (message) => notify('error', message),
      onInfo: (message) => notify('info', message),
      onWarn: (message) => notify('warning', message),
    });
    // Events sent while the socket was not in its rooms are lost: away (a reconnect, another instance),
    // not yet there (this code loads after the page, which may have read its data first), or sent while
    // the server's link to the other instances was down (`refetch`). At every connect and `refetch`, what
    // was loaded or loading before it is loaded again (only the queries in use refetch).
    const stopResync = onResync(socket, () => {
      const resyncAt = Date.now();
      void queryClient.invalidateQueries({
        predicate: ({ state }) =>
          state.fetchStatus === 'fetching' || (state.dataUpdatedAt > 0 && state.dataUpdatedAt <= resyncAt),
      });
    });
    socket.connect();
    onSocket(socket);
    return () => {
      onSocket(null);
      stopResync();
      stopWatching();
      socket.disconnect();
    };
  }, [socket, queryClient, onSocket]);

  return null;
}
