import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { SESSION_COOKIE, SOCKET_PATH } from '@retouch/shared/constants';
import {
  SocketEvent,
  SocketRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@retouch/shared/realtime';
import { ServerText } from '@retouch/shared/texts';
import type { AccessChange } from '../modules/auth/access-cache';
import { socketRoomsOf } from '../modules/permissions/socket-rooms';
import { sameSiteHandshake } from './origin-check';

/** Clients send at most a boolean per event: a bigger message is abuse, and socket.io ends the connection. */
const SOCKET_MAX_MESSAGE_BYTES = 16 * 1024;

interface SocketData {
  userId: string;
  roleId: string;
  sessionId: string;
  rooms: string[];
}

/** What instances tell each other through the adapter (Redis) when several run. */
interface InterServerEvents {
  /** The catalogue changed on the sender: drop the cached public answer. */
  catalogChanged: () => void;
  /** Sessions ended or users' permissions changed on the sender: forget them, then confirm. */
  accessChanged: (change: AccessChange, confirm: () => void) => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** What services publish through: they never see socket.io itself. */
interface RealtimePublisher {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Tells the sockets of a revoked session that it ended, and disconnects them. */
  endSession(userId: string, sessionId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
    realtime: RealtimePublisher;
  }
}

/** socket.io on /ws/socket.io, authenticated from the session cookie at the handshake; a room per user and role. */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    // A page of another site gets no connection (the session cookie would otherwise ride along).
    allowRequest: sameSiteHandshake(app.config),
  });
  if (app.redis) {
    // Rooms, fetchSockets and server-side events then span every instance on the same Redis.
    const { client, subscriber, prefix } = app.redis;
    io.adapter(createAdapter(client, subscriber, { key: `${prefix}socket.io` }));
    app.catalogCache.onInvalidate(() => io.serverSideEmit('catalogChanged'));
    io.on('catalogChanged', () => app.catalogCache.dropLocal());
    app.accessCache.onForget(async (change) => {
      try {
        // Waits for every instance subscribed to Redis, up to the adapter's request timeout (5 s).
        await io.serverSideEmitWithAck('accessChanged', change);
      } catch (error) {
        app.log.warn({ err: error }, 'an instance did not confirm an access change in time');
      }
    });
    io.on('accessChanged', (change, confirm) => {
      app.accessCache.forgetLocal(change);
      confirm();
    });
  }

  // The handshake is authenticated before the connection is accepted; a bad session still connects,
  // so that the client receives the specification's `errors` 401 event, and is then disconnected.
  io.use((socket, next) => {
    identifySocket(app, socket).then(() => next(), next);
  });
  io.on('connection', (socket) => {
    if (!socket.data.userId) {
      socket.emit(SocketEvent.errors, { status: 401, message: ServerText.notAuthenticated });
      socket.disconnect(true);
      return;
    }
    void socket.join(socket.data.rooms);
  });

  app.decorate('io', io);
  app.decorate('realtime', {
    toUser(userId, event, ...args) {
      io.to(SocketRoom.user(userId)).emit(event, ...args);
    },
    async endSession(userId, sessionId) {
      const sockets = await io.in(SocketRoom.user(userId)).fetchSockets();
      for (const socket of sockets) {
        if (socket.data.sessionId !== sessionId) continue;
        socket.emit(SocketEvent.errors, { status: 401, message: ServerText.notAuthenticated });
        socket.disconnect(true);
      }
    },
  } satisfies RealtimePublisher);

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
});

async function identifySocket(app: FastifyInstance, socket: RealtimeSocket): Promise<void> {
  const token = app.parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
  const session = token ? await app.sessionOf(token) : undefined;
  const access = session ? await app.accessOf(session.userId) : undefined;
  if (!session || !access) return;
  const rooms = socketRoomsOf({ id: session.userId, roleId: access.roleId }, access.permissions);
  socket.data = { userId: session.userId, roleId: access.roleId, sessionId: session.sessionId, rooms };
}
