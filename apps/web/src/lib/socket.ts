import { SOCKET_MAX_CONNECT_ERRORS, SOCKET_PATH, SOCKET_RECONNECT_DELAY_MS } from '@retouch/shared/constants';
import {
  SocketEvent,
  socketErrorSchema,
  socketNoticeSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@retouch/shared/realtime';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const UNAUTHORIZED = 401;

/** A socket to this host's realtime endpoint; it connects when told to. */
export function createSocket(): AppSocket {
  return io(window.location.origin, {
    path: SOCKET_PATH,
    withCredentials: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    autoConnect: false,
  });
}

export interface ConnectionHandlers {
  /** The first connect error: the client keeps trying. */
  onReconnecting: () => void;
  /** Too many connect errors: the socket has been disconnected. */
  onGaveUp: () => void;
  /** The server says the session is not valid (an `errors` event with 401, or a refused handshake). */
  onUnauthorized: () => void;
  onError: (message: string) => void;
  onInfo: (message: string) => void;
  onWarn: (message: string) => void;
}

/** Applies the specification's connection rules to a socket; returns a function removing them. */
export function watchConnection(socket: AppSocket, handlers: ConnectionHandlers): () => void {
  let connectErrors = 0;

  const onConnect = () => {
    connectErrors = 0;
  };
  const onConnectError = () => {
    connectErrors += 1;
    if (connectErrors === 1) handlers.onReconnecting();
    if (connectErrors >= SOCKET_MAX_CONNECT_ERRORS) {
      socket.disconnect();
      handlers.onGaveUp();
    } else if (!socket.active) {
      // The server refused the handshake, so socket.io will not retry on its own.
      handlers.onUnauthorized();
    }
  };
  const onErrors = (payload: unknown) => {
    const parsed = socketErrorSchema.safeParse(payload);
    if (!parsed.success) return;
    if (parsed.data.status === UNAUTHORIZED) handlers.onUnauthorized();
    else handlers.onError(parsed.data.message);
  };
  const notice = (show: (message: string) => void) => (payload: unknown) => {
    const parsed = socketNoticeSchema.safeParse(payload);
    if (parsed.success) show(parsed.data.message);
  };
  const onInfo = notice(handlers.onInfo);
  const onWarn = notice(handlers.onWarn);

  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);
  socket.on(SocketEvent.errors, onErrors);
  socket.on(SocketEvent.info, onInfo);
  socket.on(SocketEvent.warn, onWarn);
  return () => {
    socket.off('connect', onConnect);
    socket.off('connect_error', onConnectError);
    socket.off(SocketEvent.errors, onErrors);
    socket.off(SocketEvent.info, onInfo);
    socket.off(SocketEvent.warn, onWarn);
  };
}
