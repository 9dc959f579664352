import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DispatchText, ExecutorResult, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import {
  dispatchWaiters,
  orderOutbox,
  orderProcessing,
  orders,
  shifts,
  staffPresence,
  type DispatchQueueName,
} from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import { pngOf } from '../../../test/catalog-fixtures';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../../test/staff-fixtures';

/**
 * Staff whose instance died: nothing removes their rows, so presence must expire by itself
 * (docs/decisions/0024-instance-death.md). A dead instance is played by its leftovers in the database:
 * a searching row, or a held order, of someone whose presence nobody renews any more.
 */
const TIMEOUT_SECONDS = 3;
const GRACE_SECONDS = 6;

let t: TestApp;
let teethId: string;

beforeAll(async () => {
  t = await createTestApp({
    PRESENCE_HEARTBEAT_SECONDS: '1',
    PRESENCE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    HOLDER_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  teethId = (await catalogServices(t))('Teeth whitening')._id;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

async function onDuty(member?: StaffMember) {
  const designer = member ?? (await createStaff(t))[0]!;
  await designer.client.post('/api/executor/shift/toggle');
  return { ...designer, socket: await connectedSocket(t, designer.client) };
}

/** The staff member was last seen this long ago (database time). */
async function lastSeen(userId: string, secondsAgo: number) {
  await t.db
    .insert(staffPresence)
    .values({ userId })
    .onConflictDoUpdate({ target: staffPresence.userId, set: { renewedAt: sql`now()` } });
  await t.db
    .update(staffPresence)
    .set({ renewedAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(staffPresence.userId, userId));
}

/** What a crashed instance leaves of a searcher: the row, first in line, that only it would remove. */
async function searchingOnDeadInstance(userId: string, queue: DispatchQueueName, secondsAgo: number) {
  await t.db.insert(dispatchWaiters).values({ userId, queue, since: new Date(0) });
  await lastSeen(userId, secondsAgo);
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function waiterRows(userId: string) {
  return t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, userId));
}

/** A designer on duty who holds a customer's fresh order, with the customer's socket listening. */
async function designerHolding() {
  const designer = await onDuty();
  const offered = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
  designer.socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  const customerSocket = await connectedSocket(t, customer.client);
  const changes = collectEvents<{ orderId: string; condition: number }>(
    customerSocket,
    SocketEvent.changeOrders,
  );
  const orderId = await placeOrder(customer.client, teethId);
  expect((await offered)._id).toBe(orderId);
  return { designer, customer, customerSocket, changes, orderId };
}

describe('searchers whose instance died', () => {
  it('offers no order to a designer not seen for the timeout, and the sweeper drops them', async () => {
    // On duty, with no socket here: the heartbeat must not renew them.
    const [gone] = await createStaff(t);
    await gone!.client.post('/api/executor/shift/toggle');
    await searchingOnDeadInstance(gone!.userId, 'executor', TIMEOUT_SECONDS + 1);
    const live = await onDuty();
    const offered = nextEvent<StaffOrder>(live.socket, SocketEvent.orderForExecutor);
    live.socket.emit(SocketEvent.executorFind, true);
    await expect.poll(async () => (await waiterRows(live.userId)).length).toBe(1);

    // The absent designer waited longest, yet the order goes to the one who is there.
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, teethId);
    expect((await offered)._id).toBe(orderId);
    expect((await orderRow(orderId)).executorId).toBe(live.userId);

    await t.work.sweep();
    expect(await waiterRows(gone!.userId)).toEqual([]);
  });

  it('drops a moderator not seen for the timeout from the review queue', async () => {
    const [gone] = await createStaff(t, 'Moderator');
    await searchingOnDeadInstance(gone!.userId, 'review', TIMEOUT_SECONDS + 1);
    await t.work.sweep();
    expect(await waiterRows(gone!.userId)).toEqual([]);
  });

  it('keeps offering work to a searcher who stays connected: the heartbeat renews them', async () => {
    const designer = await onDuty();
    designer.socket.emit(SocketEvent.executorFind, true);
    await expect.poll(async () => (await waiterRows(designer.userId)).length).toBe(1);
    // Seen long ago as far as the database knows, but connected here: the next heartbeat says so.
    await lastSeen(designer.userId, TIMEOUT_SECONDS + 1);
    await expect
      .poll(
        async () => {
          const [row] = await t.db
            .select({ fresh: sql<boolean>`${staffPresence.renewedAt} > now() - interval '1 second'` })
            .from(staffPresence)
            .where(eq(staffPresence.userId, designer.userId));
          return row?.fresh;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await t.work.sweep();
    expect(await waiterRows(designer.userId)).toHaveLength(1);
    const offered = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    const orderId = await placeOrder((await signUpCustomer(t)).client, teethId);
    expect((await offered)._id).toBe(orderId);
  });
});

describe('holders who do not come back', () => {
  it('requeues the order of a designer away past the grace period, the attempt recorded as interrupted', async () => {
    const { designer, changes, orderId } = await designerHolding();
    designer.socket.disconnect();

    // Away for less than the grace period: the order stays theirs.
    await lastSeen(designer.userId, GRACE_SECONDS - 2);
    await t.work.sweep();
    expect(await orderRow(orderId)).toMatchObject({
      condition: OrderCondition.inWork,
      executorId: designer.userId,
    });

    await lastSeen(designer.userId, GRACE_SECONDS + 1);
    await t.work.sweep();
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(attempt).toMatchObject({ resultStatus: ExecutorResult.interrupted });
    expect(attempt!.dateEnd).not.toBeNull();
    await expect
      .poll(() => changes.filter((change) => change.orderId === orderId).map((change) => change.condition))
      .toEqual([OrderCondition.new, OrderCondition.inWork, OrderCondition.requeued]);

    // Back, the designer is told why the order left their screen; unlike a refusal or an expiry, an
    // interruption does not keep them from it.
    const socket = t.socket(designer.client);
    const told = nextEvent<{ orderId: string; message: string }>(socket, SocketEvent.orderCancelled);
    expect(await told).toEqual({ orderId, message: DispatchText.awayTooLong });
    const offered = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
    socket.emit(SocketEvent.executorFind, true);
    expect((await offered)._id).toBe(orderId);
  });

  it('gives the review of a moderator whose instance died to another moderator after the grace period', async () => {
    const { designer, orderId } = await designerHolding();
    const form = imageForm({}, { image: { data: await pngOf(80, 60), name: 'r.png', type: 'image/png' } });
    expect((await designer.client.post('/api/admin/orders/executor/completed', form)).status).toBe(200);
    const [gone] = await createStaff(t, 'Moderator');
    const goneSocket = await connectedSocket(t, gone!.client);
    const taken = nextEvent<StaffOrder>(goneSocket, SocketEvent.orderForReview);
    goneSocket.emit(SocketEvent.reviewFind, true);
    expect((await taken)._id).toBe(orderId);
    goneSocket.disconnect();
    await expect.poll(async () => (await orderRow(orderId)).reviewHoldUntil).not.toBeNull();
    // A crash runs no disconnect handler: no review hold is set, only presence stops being renewed.
    await t.db.update(orders).set({ reviewHoldUntil: null }).where(eq(orders.id, orderId));
    await lastSeen(gone!.userId, GRACE_SECONDS + 1);

    const [other] = await createStaff(t, 'Moderator');
    const otherSocket = await connectedSocket(t, other!.client);
    const offered = nextEvent<StaffOrder>(otherSocket, SocketEvent.orderForReview);
    otherSocket.emit(SocketEvent.reviewFind, true);
    await expect.poll(async () => (await waiterRows(other!.userId)).length).toBe(1);
    await t.work.sweep();
    expect((await offered)._id).toBe(orderId);
    expect((await orderRow(orderId)).reviewerId).toBe(other!.userId);
  });
});

describe('events of a command whose instance died before publishing them', () => {
  it('are published once by a sweeper; a command that publishes leaves nothing behind', async () => {
    const customer = await signUpCustomer(t);
    const customerSocket = await connectedSocket(t, customer.client);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );
    await placeOrder(customer.client, teethId);
    await expect.poll(() => changes.length).toBe(1);
    expect(await t.db.select().from(orderOutbox)).toEqual([]);

    // The instance "dies" between the commit and the publish: the customer's send meets an error.
    t.work.flow.afterCommit = () => {
      throw new Error('the instance died');
    };
    const lost = await placeOrder(customer.client, teethId).catch((error: Error) => error);
    t.work.flow.afterCommit = undefined;
    expect(lost).toBeInstanceOf(Error);
    const [saved] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, customer.user._id), eq(orders.condition, OrderCondition.new)));
    expect(saved).toBeDefined();
    expect(await t.db.select().from(orderOutbox)).toHaveLength(1);

    // Still young: its own instance might yet publish it.
    await t.work.sweep();
    expect(await t.db.select().from(orderOutbox)).toHaveLength(1);

    await t.db.update(orderOutbox).set({ createdAt: sql`now() - interval '1 minute'` });
    await Promise.all([t.work.sweep(), t.work.sweep()]);
    await expect
      .poll(() => changes.filter((change) => change.orderId === saved!.id))
      .toEqual([
        { orderId: saved!.id, condition: OrderCondition.new, from: null, customerId: customer.user._id },
      ]);
    expect(await t.db.select().from(orderOutbox)).toEqual([]);
    await t.work.sweep();
    expect(changes.filter((change) => change.orderId === saved!.id)).toHaveLength(1);
  });
});
