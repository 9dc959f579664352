import { SocketEvent } from '@retouch/shared/realtime';
import type { AppSocket } from './socket';

/** Why what is shown must be read again: a (re)connect, or the server's `refetch`. */
export type ResyncCause = 'connect' | 'refetch';

/**
 * Calls `listener` whenever events may have been lost, so what a screen shows must be read again: at every
 * connect (the socket was away, or not yet in its rooms) and at the server's `refetch` (its link to the
 * other instances came back, the socket stayed connected). Returns a function removing it.
 */
export function onResync(socket: AppSocket, listener: (cause: ResyncCause) => void): () => void {
  const connect = () => listener('connect');
  const refetch = () => listener('refetch');
  socket.on('connect', connect);
  socket.on(SocketEvent.refetch, refetch);
  return () => {
    socket.off('connect', connect);
    socket.off(SocketEvent.refetch, refetch);
  };
}
