import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { AdminOrdersText } from '@retouch/shared/admin-orders';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { orders, type DispatchQueueName } from '../db/schema/index';
import { createBackgroundWork } from '../lib/background-work';
import { startPeriodic } from '../lib/periodic';
import type { OrderEvent, OrderEventPort } from '../modules/order-flow/order-events';
import { presentStaffOrders } from '../modules/orders/order-staff-view';
import { findUserById } from '../modules/users/users.repository';
import { createOrderWork, queuesOf, type OrderWork } from '../modules/work-queue/order-work';
import { startInstanceLiveness } from '../modules/work-queue/instance-liveness';
import { renewPresence } from '../modules/work-queue/presence.repository';
import { endDelivery } from '../modules/order-flow/deliveries.repository';
import type { DatabaseHandle } from '../db/client';
import type { WorkChannels } from './searches';

/** Lets a test observe or replace parts of the order work (e.g. a slow sweep). */
export type OrderWorkHook = (work: OrderWork) => OrderWork;

/**
 * Builds the order lifecycle's commands and work queues over this app, with socket.io as their event
 * port, and starts the deadline sweeper. The result is handed to the route modules that need it.
 */
export async function setUpOrderWork(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'holdLock'>,
  hook: OrderWorkHook = (work) => work,
  /** Hears every committed event too (the customers' e-mails and pushes); must not throw or wait. */
  alsoTell?: OrderEventPort,
): Promise<{ work: OrderWork; channels: WorkChannels }> {
  // Searchers through this instance are offered work while it lives (decision 46).
  const liveness = await startInstanceLiveness(database, app.log);
  app.addHook('onClose', () => liveness.stop());
  const kept: Array<{ restore(): Promise<void> }> = [];
  const restoreSearches = () => Promise.all(kept.map((searches) => searches.restore()));
  // Rows another instance dropped while this one's lock was away are written again at once (searches
  // the database could not record are retried by their own timer).
  liveness.onRegained(() => void restoreSearches());
  const channels: WorkChannels = {
    deliver: (staffId, queue, order) => deliverWork(app, staffId, queue, order),
    keep: (searches) => kept.push(searches),
  };
  const sizes = createSizeAnnouncer(app, () => work);
  const prepare = (list: readonly OrderEvent[]) => prepareOrderEvents(app, list, { alsoTell, sizes });
  const events: OrderEventPort = {
    prepare,
    publish: async (list) => (await prepare(list))(),
  };
  // The port and onCommit read `work` only once a command ran, after this returned.
  const work: OrderWork = hook(
    createOrderWork(
      {
        db: app.db,
        storage: app.storage,
        now: () => app.clock.now(),
        events,
        // An order that joined a queue is matched at once here, not after its events went out (issue 20).
        onCommit: (list) =>
          work.matchEntered(list).catch((error: unknown) => app.log.error({ err: error }, 'matching failed')),
      },
      {
        searcherSeconds: app.config.PRESENCE_TIMEOUT_SECONDS,
        holderGraceSeconds: app.config.HOLDER_GRACE_SECONDS,
        instanceKey: liveness.key,
        delivery: {
          resendSeconds: app.config.ASSIGNMENT_RESEND_SECONDS,
          giveUpSeconds: app.config.ASSIGNMENT_GIVE_UP_SECONDS,
        },
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
  app.addHook('onClose', () => sizes.settled());
  return { work, channels };
}

const ASSIGNMENT_EVENT = {
  executor: SocketEvent.orderForExecutor,
  review: SocketEvent.orderForReview,
} as const;

/** Sends work to the staff member; their client's confirmation ends its re-sending (decision 46). */
function deliverWork(app: FastifyInstance, staffId: string, queue: DispatchQueueName, order: StaffOrder) {
  app.realtime.deliver(staffId, ASSIGNMENT_EVENT[queue], order, () => {
    endDelivery(app.db, order._id, staffId).catch((error: unknown) =>
      app.log.warn({ err: error }, 'delivery confirmation not recorded: it will be sent again'),
    );
  });
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
 * Tells the staff a queue's size once the matching going on in it has ended (what is left waiting), off
 * the way of the events; calls made meanwhile make one more telling, not one each.
 */
function createSizeAnnouncer(app: FastifyInstance, work: () => OrderWork) {
  const background = createBackgroundWork((error) => app.log.error({ err: error }, 'queue size failed'));
  const telling = new Map<DispatchQueueName, { again: boolean }>();
  async function tell(queue: DispatchQueueName, state: { again: boolean }) {
    const queues = { executor: work().designers, review: work().moderators };
    try {
      do {
        state.again = false;
        await queues[queue].idle();
        const size = await queues[queue].size();
        app.io.to(SocketRoom.staff).emit(SIZE_EVENT[queue], { size });
      } while (state.again);
    } finally {
      telling.delete(queue);
    }
  }
  return {
    announce(queue: DispatchQueueName) {
      const going = telling.get(queue);
      if (going) {
        going.again = true;
        return;
      }
      const state = { again: false };
      telling.set(queue, state);
      background.run(tell(queue, state));
    },
    settled: () => background.settled(),
  };
}

type SizeAnnouncer = ReturnType<typeof createSizeAnnouncer>;

/**
 * Loads what the events' messages need (the staff view of each assigned order, changed balances) and
 * answers the telling: the customer and every holder of lookOrders hear of each condition change and
 * of a new order, the staff of their new work, and the queues' sizes follow.
 */
async function prepareOrderEvents(
  app: FastifyInstance,
  events: readonly OrderEvent[],
  also: { alsoTell: OrderEventPort | undefined; sizes: SizeAnnouncer },
): Promise<() => void> {
  const [views, balances] = await Promise.all([
    assignedOrderViews(app, events),
    changedBalances(app, events),
  ]);
  return () => {
    void also.alsoTell?.publish(events);
    for (const event of events) tellEvent(app, event, views, balances);
    for (const queue of queuesOf(events).touched) also.sizes.announce(queue);
  };
}

function tellEvent(
  app: FastifyInstance,
  event: OrderEvent,
  views: Map<string, StaffOrder>,
  balances: Map<string, { main: number; bonus: number }>,
) {
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
      // 'new order': the customer's own (customer side section 7), everyone's to lookOrders (decision 21).
      if (event.from === null)
        app.io
          .to([SocketRoom.user(event.customerId), SocketRoom.lookOrders])
          .emit(SocketEvent.newOrder, { orderId: event.orderId });
      break;
    }
    case 'assigned': {
      // `order for executor` / `order for review` to whoever was handed an order, as staff see it.
      const order = views.get(event.orderId);
      if (order) deliverWork(app, event.staffId, event.queue, order);
      break;
    }
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
      const balance = balances.get(event.userId);
      if (balance) app.realtime.toUser(event.userId, SocketEvent.balance, balance);
      break;
    }
    case 'earningsChanged':
      app.realtime.toUser(event.designerId, SocketEvent.earningsChanged);
      break;
    case 'queueChanged':
      break;
  }
}

/** The assigned orders as staff see them, by id. */
async function assignedOrderViews(app: FastifyInstance, events: readonly OrderEvent[]) {
  const ids = events.flatMap((event) => (event.kind === 'assigned' ? [event.orderId] : []));
  if (ids.length === 0) return new Map<string, StaffOrder>();
  const rows = await app.db.select().from(orders).where(inArray(orders.id, ids));
  const presented = await presentStaffOrders(app.db, rows);
  return new Map(presented.map((order) => [order._id, order]));
}

/** The balances of the users the events name as changed, by user. */
async function changedBalances(app: FastifyInstance, events: readonly OrderEvent[]) {
  const ids = new Set(events.flatMap((event) => (event.kind === 'balanceChanged' ? [event.userId] : [])));
  const balances = new Map<string, { main: number; bonus: number }>();
  await Promise.all(
    [...ids].map(async (userId) => {
      const user = await findUserById(app.db, userId);
      if (user) balances.set(userId, { main: user.balanceMain, bonus: user.balanceBonus });
    }),
  );
  return balances;
}
