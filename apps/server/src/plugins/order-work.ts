import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { AdminOrdersText } from '@retouch/shared/admin-orders';
import { isInGroup } from '@retouch/shared/order-flow';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { orders, type DispatchQueueName } from '../db/schema/index';
import { startPeriodic } from '../lib/periodic';
import type { OrderEvent, OrderEventPort } from '../modules/order-flow/order-events';
import { presentStaffOrders } from '../modules/orders/order-staff-view';
import { findUserById } from '../modules/users/users.repository';
import { createOrderWork, type OrderWork } from '../modules/work-queue/order-work';
import { renewPresence } from '../modules/work-queue/presence.repository';
import type { WorkQueue } from '../modules/work-queue/work-queue.service';

/** Lets a test observe or replace parts of the order work (e.g. a slow sweep). */
export type OrderWorkHook = (work: OrderWork) => OrderWork;

/**
 * Builds the order lifecycle's commands and work queues over this app, with socket.io as their event
 * port, and starts the deadline sweeper. The result is handed to the route modules that need it.
 */
export function setUpOrderWork(
  app: FastifyInstance,
  hook: OrderWorkHook = (work) => work,
  /** Hears every committed event too (the customers' e-mails and pushes); must not throw or wait. */
  alsoTell?: OrderEventPort,
): OrderWork {
  const events: OrderEventPort = {
    publish: (list) => {
      void alsoTell?.publish(list);
      return publishOrderEvents(app, work, list);
    },
  };
  // The port reads `work` only when it publishes, after this returned.
  const work: OrderWork = hook(
    createOrderWork(
      { db: app.db, storage: app.storage, now: () => app.clock.now(), events },
      {
        searcherSeconds: app.config.PRESENCE_TIMEOUT_SECONDS,
        holderGraceSeconds: app.config.HOLDER_GRACE_SECONDS,
      },
    ),
  );
  const heartbeat = startPeriodic(app.config.PRESENCE_HEARTBEAT_SECONDS * 1000, () =>
    renewPresence(app.db, connectedUsers(app)).catch((error: unknown) =>
      app.log.error({ err: error }, 'presence heartbeat failed'),
    ),
  );
  app.shutdown.stopWork('presence heartbeat', () => heartbeat.stop());
  const interval = app.config.DISPATCH_SWEEP_INTERVAL_MS;
  if (interval > 0) {
    const sweeper = startPeriodic(interval, () =>
      work.sweep().catch((error: unknown) => app.log.error({ err: error }, 'dispatch sweep failed')),
    );
    app.shutdown.stopWork('dispatch sweeper', () => sweeper.stop());
  }
  return work;
}

/** The users with a socket on this instance. */
function connectedUsers(app: FastifyInstance): string[] {
  const users = new Set<string>();
  for (const socket of app.io.of('/').sockets.values()) {
    if (socket.data.userId) users.add(socket.data.userId);
  }
  return [...users];
}

const SIZE_EVENT = { executor: SocketEvent.executorRate, review: SocketEvent.reviewRate } as const;

/**
 * Tells the customer and every holder of lookOrders of each condition change, the staff of their new
 * work and of the queues' sizes; an order that joined a queue is matched before the answer.
 */
async function publishOrderEvents(app: FastifyInstance, work: OrderWork, events: readonly OrderEvent[]) {
  const sizes = new Set<DispatchQueueName>();
  const toMatch = new Set<DispatchQueueName>();
  const noteQueues = (condition: number | null, entered: boolean) => {
    if (condition === null) return;
    const queue = isInGroup('waitingForDesigner', condition)
      ? 'executor'
      : isInGroup('inReview', condition)
        ? 'review'
        : undefined;
    if (!queue) return;
    sizes.add(queue);
    if (entered) toMatch.add(queue);
  };
  for (const event of events) {
    switch (event.kind) {
      case 'conditionChanged': {
        const payload = {
          orderId: event.orderId,
          condition: event.to,
          from: event.from,
          customerId: event.customerId,
        };
        // One emit to both rooms: a customer who also holds lookOrders hears it once.
        app.io
          .to([SocketRoom.user(event.customerId), SocketRoom.lookOrders])
          .emit(SocketEvent.changeOrders, payload);
        if (event.from === null)
          app.io.to(SocketRoom.lookOrders).emit(SocketEvent.newOrder, { orderId: event.orderId });
        noteQueues(event.from, false);
        noteQueues(event.to, true);
        break;
      }
      case 'queueChanged':
        sizes.add(event.queue);
        if (event.entered) toMatch.add(event.queue);
        break;
      case 'timeExtension':
        app.realtime.toUser(event.designerId, SocketEvent.timeExtension, event.payload);
        break;
      case 'orderCancelled':
        app.realtime.toUser(event.staffId, SocketEvent.orderCancelled, {
          orderId: event.orderId,
          message: AdminOrdersText.cancelledByStaff,
        });
        break;
      case 'balanceChanged': {
        const user = await findUserById(app.db, event.userId);
        if (user)
          app.realtime.toUser(user.id, SocketEvent.balance, {
            main: user.balanceMain,
            bonus: user.balanceBonus,
          });
        break;
      }
      case 'assigned':
        break;
    }
  }
  await pushAssignments(app, events);
  const queues: Record<DispatchQueueName, WorkQueue> = { executor: work.designers, review: work.moderators };
  for (const queue of toMatch) {
    await queues[queue].match().catch((error: unknown) => app.log.error({ err: error }, 'matching failed'));
  }
  for (const queue of sizes) {
    const size = await queues[queue].size().catch(() => undefined);
    if (size !== undefined) app.io.to(SocketRoom.staff).emit(SIZE_EVENT[queue], { size });
  }
}

/** `order for executor` / `order for review` to whoever was handed an order, as staff see it. */
async function pushAssignments(app: FastifyInstance, events: readonly OrderEvent[]) {
  const assigned = events.filter((event) => event.kind === 'assigned');
  if (assigned.length === 0) return;
  const rows = await app.db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        assigned.map((event) => event.orderId),
      ),
    );
  const presented = await presentStaffOrders(app.db, rows);
  for (const event of assigned) {
    const order = presented.find((candidate) => candidate._id === event.orderId);
    if (!order) continue;
    const name = event.queue === 'executor' ? SocketEvent.orderForExecutor : SocketEvent.orderForReview;
    app.realtime.toUser(event.staffId, name, order);
  }
}
