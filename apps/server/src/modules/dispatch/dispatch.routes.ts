import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DispatchText, TimeExtensionCode } from '@retouch/shared/dispatch';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { createBackgroundWork } from '../../lib/background-work';
import { formCap, readMultipart } from '../../lib/multipart';
import { startPeriodic } from '../../lib/periodic';
import type { RealtimeSocket } from '../../plugins/realtime';
import { findEffectivePermissions } from '../permissions/permissions.repository';
import { countWaitingForDesigner } from './dispatch.repository';
import {
  acceptExtension,
  currentOrderOf,
  matchOrders,
  openExtensionOffer,
  startExecutorSearch,
  stopExecutorSearch,
  sweepDeadlines,
  type DispatchDeps,
  type DispatchEvents,
} from './dispatch.service';
import { changeOrderServices } from './designer-edits';
import { completeOrder, refuseOrder } from './executor-work.service';
import { mayKnowQueueSizes } from './queue-sizes';
import { currentShift, toggleShift } from './shifts.service';

declare module 'fastify' {
  interface FastifyInstance {
    dispatch: {
      /** One sweep of deadlines and matching (the timer runs it; tests call it after moving the clock). */
      sweep(): Promise<void>;
      match(): Promise<number>;
      /** How dispatch tells people; moderation tells them the same way. */
      events: DispatchEvents;
    };
  }
}

/** Shifts, the designer's calls, the designer's socket events and the deadline sweeper. */
export const dispatchPlugin = fp(async (app: FastifyInstance) => {
  // Socket handlers and follow-ups nobody awaits; shutdown waits for them before the database closes.
  const background = createBackgroundWork((error) => app.log.error({ err: error }, 'dispatch work failed'));
  const deps: DispatchDeps = {
    db: app.db,
    now: () => app.clock.now(),
    events: {
      orderForExecutor: (designerId, order) =>
        app.realtime.toUser(designerId, SocketEvent.orderForExecutor, order),
      timeExtension: (designerId, payload) =>
        app.realtime.toUser(designerId, SocketEvent.timeExtension, payload),
      orderChanged: (customerId, orderId, condition) =>
        app.realtime.toUser(customerId, SocketEvent.changeOrders, { orderId, condition }),
      executorQueueChanged: (size) => app.io.to(SocketRoom.staff).emit(SocketEvent.executorRate, { size }),
      reviewQueueChanged: () => background.run(app.review.match()),
    },
  };
  const workDeps = { ...deps, storage: app.storage };
  const designer = { config: { permission: PermissionSign.cabinetDesigner } };

  app.decorate('dispatch', {
    // Deadlines first, then the reviews of moderators who went away.
    sweep: async () => {
      await sweepDeadlines(deps);
      await app.review.sweep();
    },
    match: () => {
      const run = matchOrders(deps);
      background.run(run.catch(() => undefined)); // its caller reports a failure
      return run;
    },
    events: deps.events,
  });

  app.get('/api/executor/shift', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return currentShift(app.db, userId);
  });

  app.post('/api/executor/shift/toggle', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return toggleShift(app.db, userId, app.clock.now());
  });

  app.post('/api/admin/orders/executor/completed', designer, async (request) => {
    const { userId } = await app.requireIdentity(request);
    const form = await readMultipart(request, { maxBytes: formCap(1) });
    return completeOrder(workDeps, userId, form.files.get('image'));
  });

  app.post('/api/admin/orders/executor/refuse', designer, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return refuseOrder(deps, userId, request.body);
  });

  app.patch('/api/admin/orders/executor/change/order', designer, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return changeOrderServices(deps, userId, request.body);
  });

  app.io.on('connection', (socket) => {
    const { userId } = socket.data;
    if (!userId) return;
    background.run(greetDesigner(socket));
    socket.on(SocketEvent.executorFind, (searching) =>
      background.run(onExecutorFind(socket, searching === true)),
    );
    socket.on(SocketEvent.executorRate, () => {
      if (!mayKnowQueueSizes(socket)) return;
      background.run(
        countWaitingForDesigner(app.db).then((size) => socket.emit(SocketEvent.executorRate, { size })),
      );
    });
    socket.on(SocketEvent.timeExtension, () => background.run(onExtensionAccepted(socket)));
    socket.on('disconnect', () => background.run(onDisconnect(userId)));
  });
  // A designer searching only through this instance's sockets stops being offered orders when it goes.
  app.shutdown.handBack('searching designers', () => background.settled());
  // Matching started by the last requests answered while closing.
  app.addHook('onClose', () => background.settled());

  async function isDesigner(userId: string) {
    return hasPermission(await findEffectivePermissions(app.db, userId), PermissionSign.cabinetDesigner);
  }

  /** A designer who connects (or reconnects) gets back the order they hold, with an open offer repeated. */
  async function greetDesigner(socket: RealtimeSocket) {
    const { userId } = socket.data;
    if (!(await isDesigner(userId))) return;
    const order = await currentOrderOf(deps, userId);
    if (!order) return;
    socket.emit(SocketEvent.orderForExecutor, order);
    if (await openExtensionOffer(deps, userId)) {
      socket.emit(SocketEvent.timeExtension, {
        code: TimeExtensionCode.offer,
        message: DispatchText.extensionOffer,
      });
    }
  }

  async function onExecutorFind(socket: RealtimeSocket, searching: boolean) {
    const { userId } = socket.data;
    try {
      if (!searching) return await stopExecutorSearch(deps, userId);
      if (!(await isDesigner(userId))) {
        socket.emit(SocketEvent.errors, { status: 403, message: DispatchText.noCabinet });
        return;
      }
      const answer = await startExecutorSearch(deps, userId);
      if (answer.kind === 'refused') {
        socket.emit(SocketEvent.errors, { status: answer.status, message: answer.message });
      }
      if (answer.kind === 'holding') socket.emit(SocketEvent.orderForExecutor, answer.order);
    } catch (error) {
      app.log.error({ err: error }, 'executor find failed');
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

  /** The last socket of a searching designer gone: they stop searching (an order they hold stays theirs). */
  async function onDisconnect(userId: string) {
    const left = await app.io.in(SocketRoom.user(userId)).fetchSockets();
    if (left.length === 0) await stopExecutorSearch(deps, userId);
  }

  const interval = app.config.DISPATCH_SWEEP_INTERVAL_MS;
  if (interval > 0) {
    const sweeper = startPeriodic(interval, () =>
      app.dispatch.sweep().catch((error: unknown) => app.log.error({ err: error }, 'dispatch sweep failed')),
    );
    app.shutdown.stopWork('dispatch sweeper', () => sweeper.stop());
  }
});
