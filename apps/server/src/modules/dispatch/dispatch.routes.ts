import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import {
  DispatchText,
  TimeExtensionCode,
  cabinetSnapshotSchema,
  changeOrderAnswerSchema,
  changeOrderBodySchema,
  refuseBodySchema,
  shiftSchema,
} from '@retouch/shared/dispatch';
import { messageSchema } from '@retouch/shared/users';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { AppError } from '../../lib/app-error';
import { createBackgroundWork } from '../../lib/background-work';
import { inArrivalOrder } from '../../lib/in-order';
import { formCap, readMultipart } from '../../lib/multipart';
import type { RealtimeSocket } from '../../plugins/realtime';
import { createSearches, searchFailure, type WorkChannels } from '../../plugins/searches';
import type { OrderWork } from '../work-queue/order-work';
import {
  acceptExtension,
  cabinetSnapshot,
  currentOrderOf,
  openExtensionOffer,
  orderLostWhileAway,
  startExecutorSearch,
  type DispatchDeps,
  type FindAnswer,
} from './dispatch.service';
import { changeOrderServices } from './designer-edits';
import { completeOrder, refuseOrder } from './executor-work.service';
import { mayKnowQueueSizes } from './queue-sizes';
import { currentShift, toggleShift } from './shifts.service';

export interface DispatchOptions {
  work: OrderWork;
  channels: WorkChannels;
}

/** Shifts, the designer's calls and socket events: adapters of the designers' work queue and the lifecycle. */
export const dispatchPlugin = fp<DispatchOptions>(async (fastify: FastifyInstance, { work, channels }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Socket handlers nobody awaits; shutdown waits for them before the database closes.
  const background = createBackgroundWork((error) => app.log.error({ err: error }, 'dispatch work failed'));
  const deps: DispatchDeps = { db: app.db, now: () => app.clock.now() };
  const { designers, flow } = work;
  const designer = { config: { permission: PermissionSign.cabinetDesigner } };

  const shift = { schema: { response: { 200: shiftSchema } } };
  app.get('/api/executor/shift', shift, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return currentShift(app.db, userId);
  });

  app.post('/api/executor/shift/toggle', shift, async (request) => {
    const { userId } = await app.requireIdentity(request);
    const shift = await toggleShift(app.db, userId, app.clock.now());
    // An order still in hand goes back to the queue, keeping its turn: no one is on duty to finish it.
    if (shift.startDate === null) await designers.release(userId);
    return shift;
  });

  // Beside the specification's /api/executor routes, outside the guarded /api/admin: checked here.
  app.get(
    '/api/executor/state',
    { schema: { response: { 200: cabinetSnapshotSchema } } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      if (!(await isDesigner(userId))) throw AppError.forbidden(DispatchText.noCabinet);
      return cabinetSnapshot({ ...deps, holderGraceSeconds: app.config.HOLDER_GRACE_SECONDS }, userId);
    },
  );

  app.post(
    '/api/admin/orders/executor/completed',
    {
      config: { ...designer.config, multipart: { files: ['image'] } },
      schema: { response: { 200: messageSchema } },
    },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      const form = await readMultipart(request, { maxBytes: formCap(1) });
      return completeOrder(flow, userId, form.files.get('image'));
    },
  );

  app.post(
    '/api/admin/orders/executor/refuse',
    { ...designer, schema: { body: refuseBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return refuseOrder(flow, userId, request.body);
    },
  );

  app.patch(
    '/api/admin/orders/executor/change/order',
    { ...designer, schema: { body: changeOrderBodySchema, response: { 200: changeOrderAnswerSchema } } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return changeOrderServices(deps, userId, request.body);
    },
  );

  const searches = createSearches(app, 'executor', designers, {
    async make(userId, since): Promise<FindAnswer> {
      if (!(await isDesigner(userId)))
        return { kind: 'refused', status: 403, message: DispatchText.noCabinet };
      return startExecutorSearch(deps, designers, userId, since);
    },
    searching: (answer) => answer.kind === 'searching',
  });
  channels.keep(searches);

  app.io.on('connection', (socket) => {
    const { userId } = socket.data;
    if (!userId) return;
    background.run(greetDesigner(socket));
    // This socket's events are handled in the order they arrived (a search and its stop never swap).
    const inOrder = inArrivalOrder();
    socket.on(SocketEvent.executorFind, (searching) =>
      background.run(inOrder(() => onExecutorFind(socket, searching === true))),
    );
    socket.on(SocketEvent.executorRate, () => {
      if (!mayKnowQueueSizes(socket)) return;
      background.run(
        inOrder(() => designers.size().then((size) => socket.emit(SocketEvent.executorRate, { size }))),
      );
    });
    socket.on(SocketEvent.timeExtension, () => background.run(inOrder(() => onExtensionAccepted(socket))));
    socket.on('disconnect', () => background.run(onDisconnect(socket)));
  });
  // A designer searching only through this instance's sockets stops being offered orders when it goes.
  app.shutdown.handBack('searching designers', () => background.settled());
  // Matching started by the last requests answered while closing.
  app.addHook('onClose', () => background.settled());

  async function isDesigner(userId: string) {
    return hasPermission((await app.accessOf(userId))?.permissions ?? [], PermissionSign.cabinetDesigner);
  }

  /**
   * A designer who connects (or reconnects) gets back the order they hold, with an open offer repeated;
   * one whose order went back to the queue while they were away is told so (their screen may show it).
   */
  async function greetDesigner(socket: RealtimeSocket) {
    const { userId } = socket.data;
    if (!(await isDesigner(userId))) return;
    const order = await currentOrderOf(deps, userId);
    if (!order) {
      const lost = await orderLostWhileAway(deps, userId);
      if (lost) socket.emit(SocketEvent.orderCancelled, { orderId: lost, message: DispatchText.awayTooLong });
      return;
    }
    channels.deliver(userId, 'executor', order);
    if (await openExtensionOffer(deps, userId)) {
      socket.emit(SocketEvent.timeExtension, {
        code: TimeExtensionCode.offer,
        message: DispatchText.extensionOffer,
      });
    }
  }

  /**
   * Every search is answered: refused with its reason, the order in hand, or, when the database is out
   * of reach, 503 while the search is kept and made again as soon as it can be (plugins/searches.ts).
   */
  async function onExecutorFind(socket: RealtimeSocket, searching: boolean) {
    const { userId } = socket.data;
    try {
      if (!searching) return await searches.stop(socket, () => designers.leave(userId));
      const answer = await searches.start(socket);
      if (answer.kind === 'refused') {
        socket.emit(SocketEvent.errors, { status: answer.status, message: answer.message });
      }
      if (answer.kind === 'holding') channels.deliver(userId, 'executor', answer.order);
    } catch (error) {
      socket.emit(SocketEvent.errors, searchFailure(app, error));
    }
  }

  async function onExtensionAccepted(socket: RealtimeSocket) {
    const accepted = await acceptExtension(deps, socket.data.userId).catch(() => false);
    if (accepted) {
      app.realtime.toUser(socket.data.userId, SocketEvent.timeExtension, {
        code: TimeExtensionCode.extended,
        message: DispatchText.extended,
      });
    } else {
      socket.emit(SocketEvent.warn, { message: DispatchText.noExtensionOffer });
    }
  }

  /**
   * The designer's last searching socket here gone: their search through this instance ends (an order
   * they hold stays theirs); one through another instance stays.
   */
  async function onDisconnect(socket: RealtimeSocket) {
    await searches.closed(socket, () => designers.leaveHere(socket.data.userId));
  }
});
