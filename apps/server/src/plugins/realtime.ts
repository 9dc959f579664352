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
import { limitSocketEvents } from './socket-event-limit';

/** How long a question to the other instances (fetchSockets, acknowledged events) waits for answers. */
const ADAPTER_REQUEST_MS = 3000;

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

/** The events a client confirms with an acknowledgement: the work handed to staff. */
type ConfirmedEvent = typeof SocketEvent.orderForExecutor | typeof SocketEvent.orderForReview;
type UnconfirmedEvent = Exclude<keyof ServerToClientEvents, ConfirmedEvent>;

/** How long a delivery waits for its confirmation before the sweeper's next try may send it again. */
const DELIVERY_ACK_TIMEOUT_MS = 5000;

type UserSockets = Awaited<ReturnType<RealtimeServer['fetchSockets']>>;

/** What services publish through: they never see socket.io itself. */
interface RealtimePublisher {
  toUser<E extends UnconfirmedEvent>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Sends work to the user's sockets on every instance and runs `confirmed` once one of them
   * acknowledges it; nothing happens when none does (the sender tries again later).
   */
  deliver(
    userId: string,
    event: ConfirmedEvent,
    order: Parameters<ServerToClientEvents[ConfirmedEvent]>[0],
    confirmed: () => void,
  ): void;
  /**
   * The user's sockets on every instance; only this instance's while the instances' link (Redis)
   * is away or does not answer, rather than waiting on it.
   */
  socketsOf(userId: string): Promise<UserSockets>;
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
  const redis = app.redis;
  if (redis) {
    // Rooms, fetchSockets and server-side events then span every instance on the same Redis.
    const { client, subscriber, prefix } = redis;
    io.adapter(
      createAdapter(client, subscriber, { key: `${prefix}socket.io`, requestsTimeout: ADAPTER_REQUEST_MS }),
    );
    app.catalogCache.onInvalidate(() => {
      if (redis.available()) io.serverSideEmit('catalogChanged');
    });
    io.on('catalogChanged', () => app.catalogCache.dropLocal());
    // What the outage hid: other instances' invalidations and events. Caches are dropped, sockets whose
    // session ended elsewhere are closed, and every other socket is told to read its screen again.
    redis.onRecovered(() => {
      app.catalogCache.dropLocal();
      app.accessCache.forgetAll();
      void catchUpSockets(app, io).catch((error: unknown) =>
        app.log.error({ err: error }, 'sockets not caught up after Redis returned'),
      );
    });
    app.accessCache.onForget(async (change) => {
      // Nobody can be told while Redis is away; they drop everything when it returns (onRecovered).
      if (!redis.available()) return;
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
    limitSocketEvents(socket, app.log);
    void socket.join(socket.data.rooms);
  });

  async function socketsOf(userId: string): Promise<UserSockets> {
    const room = io.in(SocketRoom.user(userId));
    if (redis && !redis.available()) return room.local.fetchSockets();
    try {
      return await room.fetchSockets();
    } catch (error) {
      app.log.warn({ err: error }, "other instances did not answer: this instance's sockets only");
      return room.local.fetchSockets();
    }
  }

  app.decorate('io', io);
  app.decorate('realtime', {
    toUser(userId, event, ...args) {
      io.to(SocketRoom.user(userId)).emit(event, ...args);
    },
    deliver(userId, event, order, confirmed) {
      const room = io.to(SocketRoom.user(userId)).timeout(DELIVERY_ACK_TIMEOUT_MS);
      // While Redis is away only this instance's sockets can be reached (the adapter would fail).
      const target = redis && !redis.available() ? room.local : room;
      // socket.io types a broadcast's acknowledgement without its answers when the client's confirm
      // takes no argument; they come all the same (a timeout reports the ones that came; one is enough).
      const emit = target.emit.bind(target) as (...args: unknown[]) => boolean;
      emit(event, order, (_error: Error | null, answers: unknown[] = []) => {
        if (answers.length > 0) confirmed();
      });
    },
    socketsOf,
    async endSession(userId, sessionId) {
      // Sockets on other instances while Redis is away are closed when it returns (catchUpSockets).
      const sockets = await socketsOf(userId);
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

/**
 * After Redis returned: sockets whose session ended meanwhile on another instance are told and closed
 * (the announcement could not reach this one); the others are told to read their screen again.
 */
async function catchUpSockets(app: FastifyInstance, io: RealtimeServer): Promise<void> {
  for (const socket of io.of('/').sockets.values()) {
    if (!socket.data.userId) continue;
    const token = app.parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
    const session = token ? await app.sessionOf(token) : undefined;
    if (session?.sessionId === socket.data.sessionId) {
      socket.emit(SocketEvent.refetch);
      continue;
    }
    socket.emit(SocketEvent.errors, { status: 401, message: ServerText.notAuthenticated });
    socket.disconnect(true);
  }
}

async function identifySocket(app: FastifyInstance, socket: RealtimeSocket): Promise<void> {
  const token = app.parseCookie(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
  const session = token ? await app.sessionOf(token) : undefined;
  const access = session ? await app.accessOf(session.userId) : undefined;
  if (!session || !access) return;
  const rooms = socketRoomsOf({ id: session.userId, roleId: access.roleId }, access.permissions);
  socket.data = { userId: session.userId, roleId: access.roleId, sessionId: session.sessionId, rooms };
}
