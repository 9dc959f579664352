import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { ReviewText } from '@retouch/shared/review';
import { createBackgroundWork } from '../../lib/background-work';
import { formCap, jsonField, readMultipart } from '../../lib/multipart';
import type { RealtimeSocket } from '../../plugins/realtime';
import { mayKnowQueueSizes } from '../dispatch/queue-sizes';
import { findEffectivePermissions } from '../permissions/permissions.repository';
import { findUserById } from '../users/users.repository';
import { countWaitingForReview } from './review.repository';
import {
  acceptRefusal,
  announceReturn,
  approveResult,
  heldReviewOf,
  holdReviewWhileAway,
  matchReviews,
  rejectRefusal,
  sendBackResult,
  startReviewSearch,
  stopReviewSearch,
  sweepReviewHolds,
  type ReturnOutcome,
  type ReviewDeps,
} from './review.service';

declare module 'fastify' {
  interface FastifyInstance {
    review: {
      sweep(): Promise<void>;
      match(): Promise<number>;
      /** Announces an order given back to a designer or their queue (fixes, revisions). */
      announceReturn(outcome: ReturnOutcome): Promise<void>;
    };
  }
}

/** The moderators' queue: their socket events, the four review calls and the release of absent reviewers. */
export const reviewPlugin = fp(async (app: FastifyInstance) => {
  const background = createBackgroundWork((error) => app.log.error({ err: error }, 'review work failed'));
  const deps: ReviewDeps = {
    db: app.db,
    storage: app.storage,
    now: () => app.clock.now(),
    matchOrders: () => app.dispatch.match(),
    events: {
      ...app.dispatch.events,
      orderForReview: (moderatorId, order) =>
        app.realtime.toUser(moderatorId, SocketEvent.orderForReview, order),
      reviewQueueSize: (size) => app.io.to(SocketRoom.staff).emit(SocketEvent.reviewRate, { size }),
      balanceChanged: (customerId) => {
        void findUserById(app.db, customerId).then((user) => {
          if (user)
            app.realtime.toUser(customerId, SocketEvent.balance, {
              main: user.balanceMain,
              bonus: user.balanceBonus,
            });
        });
      },
    },
  };
  const moderator = { config: { permission: PermissionSign.cabinetModer } };

  app.decorate('review', {
    sweep: () => sweepReviewHolds(deps),
    match: () => matchReviews(deps),
    announceReturn: (outcome: ReturnOutcome) => announceReturn(deps, outcome),
  });

  app.post('/api/admin/orders/review/completed/resolve', moderator, async (request) =>
    approveResult(deps, (await app.requireIdentity(request)).userId),
  );
  app.post('/api/admin/orders/review/completed/rejection', moderator, async (request) => {
    const { userId } = await app.requireIdentity(request);
    const form = await readMultipart(request, { maxBytes: formCap(1) });
    const data = form.fields.has('data') ? jsonField(form, 'data') : {};
    return sendBackResult(deps, userId, form.files.get('image'), data);
  });
  app.post('/api/admin/orders/review/refuse/resolve', moderator, async (request) =>
    acceptRefusal(deps, (await app.requireIdentity(request)).userId),
  );
  app.post('/api/admin/orders/review/refuse/rejection', moderator, async (request) =>
    rejectRefusal(deps, (await app.requireIdentity(request)).userId),
  );

  async function isModerator(userId: string) {
    return hasPermission(await findEffectivePermissions(app.db, userId), PermissionSign.cabinetModer);
  }

  app.io.on('connection', (socket) => {
    const { userId } = socket.data;
    if (!userId) return;
    background.run(greetModerator(socket));
    socket.on(SocketEvent.reviewFind, (searching) =>
      background.run(onReviewFind(socket, searching === true)),
    );
    socket.on(SocketEvent.reviewRate, () => {
      if (!mayKnowQueueSizes(socket)) return;
      background.run(
        countWaitingForReview(app.db).then((size) => socket.emit(SocketEvent.reviewRate, { size })),
      );
    });
    socket.on('disconnect', () => background.run(onDisconnect(userId)));
  });
  // A moderator reviewing only through this instance's sockets gets the grace period, as on any disconnect.
  app.shutdown.handBack('absent moderators', () => background.settled());
  app.addHook('onClose', () => background.settled());

  async function greetModerator(socket: RealtimeSocket) {
    if (!(await isModerator(socket.data.userId))) return;
    const order = await heldReviewOf(deps, socket.data.userId);
    if (order) socket.emit(SocketEvent.orderForReview, order);
  }

  async function onReviewFind(socket: RealtimeSocket, searching: boolean) {
    const { userId } = socket.data;
    try {
      if (!searching) return await stopReviewSearch(deps, userId);
      if (!(await isModerator(userId))) {
        socket.emit(SocketEvent.errors, { status: 403, message: ReviewText.noCabinet });
        return;
      }
      const held = await startReviewSearch(deps, userId);
      if (held) socket.emit(SocketEvent.orderForReview, held);
    } catch (error) {
      app.log.error({ err: error }, 'review find failed');
    }
  }

  async function onDisconnect(userId: string) {
    const left = await app.io.in(SocketRoom.user(userId)).fetchSockets();
    if (left.length === 0) await holdReviewWhileAway(deps, userId);
  }
});
