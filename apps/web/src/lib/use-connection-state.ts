import { useCallback, useSyncExternalStore } from 'react';
import type { AppSocket } from './socket';

/**
 * Where the realtime connection stands: connected; reconnecting (socket.io is trying again); offline (it
 * gave up, see watchConnection: only a new `connect()` tries again); none without a socket (no session).
 */
export type ConnectionState = 'connected' | 'reconnecting' | 'offline' | 'none';

function stateOf(socket: AppSocket | null): ConnectionState {
  if (!socket) return 'none';
  if (socket.connected) return 'connected';
  return socket.active ? 'reconnecting' : 'offline';
}

const EVENTS = ['connect', 'disconnect', 'connect_error'] as const;

/** The socket's connection state, following its events; a browser back online tries again at once. */
export function useConnectionState(socket: AppSocket | null): ConnectionState {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!socket) return () => {};
      // Again after the other handlers of the event: giving up disconnects the socket inside a
      // `connect_error` handler.
      const update = () => {
        changed();
        queueMicrotask(changed);
      };
      const onlineAgain = () => {
        if (!socket.active) socket.connect();
        update();
      };
      for (const event of EVENTS) socket.on(event, update);
      window.addEventListener('online', onlineAgain);
      return () => {
        for (const event of EVENTS) socket.off(event, update);
        window.removeEventListener('online', onlineAgain);
      };
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => stateOf(socket));
}
