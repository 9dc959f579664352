import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { ReviewText, reviewRejectionSchema } from '@retouch/shared/review';
import { messageSchema } from '@retouch/shared/users';
import { createBackgroundWork } from '../../lib/background-work';
import { inArrivalOrder } from '../../lib/in-order';
import { formCap, jsonField, readMultipart } from '../../lib/multipart';
import type { RealtimeSocket } from '../../plugins/realtime';
import { createSearches, searchFailure, type WorkChannels } from '../../plugins/searches';
import { mayKnowQueueSizes } from '../dispatch/queue-sizes';
import type { OrderWork } from '../work-queue/order-work';
import {
  acceptRefusal,
  approveResult,
  heldReviewOf,
  holdReviewWhileAway,
  rejectRefusal,
  sendBackResult,
  startReviewSearch,
  stopReviewSearch,
} from './review.service';

export interface ReviewOptions {
  work: OrderWork;
  channels: WorkChannels;
}

/** The moderators' socket events and four review calls: adapters of the moderators' work queue and the lifecycle. */
export const reviewPlugin = fp<ReviewOptions>(async (app: FastifyInstance, { work, channels }) => {
  const background = createBackgroundWork((error) => app.log.error({ err: error }, 'review work failed'));
  const { flow: deps, moderators } = work;
  const moderator = {
    config: { permission: PermissionSign.cabinetModer },
    schema: { response: { 200: messageSchema } },
  };
  const sendBackForm = { data: reviewRejectionSchema, files: ['image'] } as const;

  app.post('/api/admin/orders/review/completed/resolve', moderator, async (request) =>
    approveResult(deps, (await app.requireIdentity(request)).userId),
  );
  app.post(
    '/api/admin/orders/review/completed/rejection',
    { ...moderator, config: { ...moderator.config, multipart: sendBackForm } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      const form = await readMultipart(request, { maxBytes: formCap(1) });
      const data = form.fields.has('data') ? jsonField(form, 'data') : {};
      return sendBackResult(deps, userId, form.files.get('image'), data);
    },
  );
  app.post('/api/admin/orders/review/refuse/resolve', moderator, async (request) =>
    acceptRefusal(deps, (await app.requireIdentity(request)).userId),
  );
  app.post('/api/admin/orders/review/refuse/rejection', moderator, async (request) =>
    rejectRefusal(deps, (await app.requireIdentity(request)).userId),
  );

  async function isModerator(userId: string) {
    return hasPermission((await app.accessOf(userId))?.permissions ?? [], PermissionSign.cabinetModer);
  }

  /** A search's answer: refused (no workplace), the review in hand, or searching (undefined). */
  type FindAnswer = { refused: true } | { held: StaffOrder } | undefined;
  const searches = createSearches(app, 'review', moderators, {
    async make(userId, since): Promise<FindAnswer> {
      if (!(await isModerator(userId))) return { refused: true };
      const held = await startReviewSearch(deps, moderators, userId, since);
      return held ? { held } : undefined;
    },
    searching: (answer) => answer === undefined,
  });
  channels.keep(searches);

  app.io.on('connection', (socket) => {
    const { userId } = socket.data;
    if (!userId) return;
    background.run(greetModerator(socket));
    // This socket's events are handled in the order they arrived (a search and its stop never swap).
    const inOrder = inArrivalOrder();
    socket.on(SocketEvent.reviewFind, (searching) =>
      background.run(inOrder(() => onReviewFind(socket, searching === true))),
    );
    socket.on(SocketEvent.reviewRate, () => {
      if (!mayKnowQueueSizes(socket)) return;
      background.run(
        inOrder(() => moderators.size().then((size) => socket.emit(SocketEvent.reviewRate, { size }))),
      );
    });
    socket.on('disconnect', () => background.run(onDisconnect(socket)));
  });
  // A moderator reviewing only through this instance's sockets gets the grace period, as on any disconnect.
  app.shutdown.handBack('absent moderators', () => background.settled());
  app.addHook('onClose', () => background.settled());

  async function greetModerator(socket: RealtimeSocket) {
    if (!(await isModerator(socket.data.userId))) return;
    const order = await heldReviewOf(deps, socket.data.userId);
    if (order) channels.deliver(socket.data.userId, 'review', order);
  }

  /** Every search is answered, as the designers' are (dispatch.routes.ts). */
  async function onReviewFind(socket: RealtimeSocket, searching: boolean) {
    const { userId } = socket.data;
    try {
      if (!searching) return await searches.stop(socket, () => stopReviewSearch(moderators, userId));
      const answer = await searches.start(socket);
      if (answer && 'refused' in answer) {
        socket.emit(SocketEvent.errors, { status: 403, message: ReviewText.noCabinet });
      }
      if (answer && 'held' in answer) channels.deliver(userId, 'review', answer.held);
    } catch (error) {
      socket.emit(SocketEvent.errors, searchFailure(app, error));
    }
  }

  /**
   * The moderator's last socket gone (on every instance, or on this one while Redis is away): their
   * review waits the grace period, then returns to the queue.
   */
  async function onDisconnect(socket: RealtimeSocket) {
    const { userId } = socket.data;
    const left = await app.realtime.socketsOf(userId);
    // The hold's grace also ends the search; otherwise only the search through this instance ends.
    const leave = () =>
      left.length === 0 ? holdReviewWhileAway(deps, userId) : moderators.leaveHere(userId);
    await searches.closed(socket, leave);
  }
});
