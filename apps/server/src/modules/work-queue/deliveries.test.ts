import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ExecutorResult, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import {
  assignmentDeliveries,
  dispatchWaiters,
  orderProcessing,
  orders,
  shifts,
  staffPresence,
} from '../../db/schema/index';
import type { HeldLock } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import {
  catalogServices,
  collectEvents,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';

/**
 * Work handed to staff is delivered until their client confirms it, and never to a searcher whose
 * instance died (issue 34, docs/decisions/0046).
 */
const GIVE_UP_SECONDS = 30;
/** The liveness locks' first key (instance-liveness.ts). */
const LIVENESS_SPACE = 727_100;

let t: TestApp;
let teethId: string;

beforeAll(async () => {
  t = await createTestApp({
    ASSIGNMENT_RESEND_SECONDS: '5',
    ASSIGNMENT_GIVE_UP_SECONDS: String(GIVE_UP_SECONDS),
  });
  teethId = (await catalogServices(t))('Teeth whitening')._id;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

/** A designer on duty whose socket searches; `confirmsWork` false plays a client that never confirms. */
async function searchingDesigner(confirmsWork = true) {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const socket = t.socket(designer!.client, { confirmsWork });
  if (!socket.connected) await nextEvent(socket, 'connect');
  const offered = collectEvents<StaffOrder>(socket, SocketEvent.orderForExecutor);
  socket.emit(SocketEvent.executorFind, true);
  await expect
    .poll(() => t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, designer!.userId)))
    .toHaveLength(1);
  return { ...designer!, socket, offered };
}

const deliveriesOf = (orderId: string) =>
  t.db.select().from(assignmentDeliveries).where(eq(assignmentDeliveries.orderId, orderId));

/** Moves the delivery's moments back, as if `seconds` had passed since it was sent (and first sent). */
async function ageDelivery(orderId: string, seconds: number) {
  await t.db
    .update(assignmentDeliveries)
    .set({
      sentAt: sql`now() - make_interval(secs => ${seconds})`,
      assignedAt: sql`now() - make_interval(secs => ${seconds})`,
    })
    .where(eq(assignmentDeliveries.orderId, orderId));
}

describe('work handed to staff', () => {
  it('is confirmed by the client and then not sent again', async () => {
    const designer = await searchingDesigner();
    const orderId = await placeOrder((await signUpCustomer(t)).client, teethId);
    await expect.poll(() => designer.offered.map((order) => order._id)).toEqual([orderId]);
    await expect.poll(() => deliveriesOf(orderId)).toEqual([]);
    await t.work.sweep();
    expect(designer.offered).toHaveLength(1);
  });

  it('is sent again while unconfirmed, then handed back to the queue', async () => {
    const designer = await searchingDesigner(false);
    const orderId = await placeOrder((await signUpCustomer(t)).client, teethId);
    await expect.poll(() => designer.offered.map((order) => order._id)).toEqual([orderId]);
    expect(await deliveriesOf(orderId)).toMatchObject([{ staffId: designer.userId, sends: 1 }]);
    // Not yet due: nothing is sent.
    await t.work.sweep();
    expect(designer.offered).toHaveLength(1);
    await ageDelivery(orderId, 6);
    await t.work.sweep();
    await expect.poll(() => designer.offered.map((order) => order._id)).toEqual([orderId, orderId]);
    expect(await deliveriesOf(orderId)).toMatchObject([{ sends: 2 }]);
    // Never confirmed: the order goes back to the queue, and the attempt reads as interrupted.
    await ageDelivery(orderId, GIVE_UP_SECONDS + 1);
    await t.work.sweep();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(attempt!.resultStatus).toBe(ExecutorResult.interrupted);
    expect(await deliveriesOf(orderId)).toEqual([]);
  });
});

describe('a searcher whose instance died', () => {
  /** Another instance's searcher: a row naming `instanceKey`, seen just now. */
  async function searcherThrough(instanceKey: number) {
    const [designer] = await createStaff(t);
    await designer!.client.post('/api/executor/shift/toggle');
    await t.db.insert(staffPresence).values({ userId: designer!.userId }).onConflictDoNothing();
    await t.db
      .insert(dispatchWaiters)
      .values({ userId: designer!.userId, queue: 'executor', since: t.clock.now(), instanceKey });
    return designer!.userId;
  }
  const holderOf = async (orderId: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.executorId;

  it('is offered nothing from the moment its instance is gone, and leaves the queue at the sweep', async () => {
    const key = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    let lock: HeldLock | undefined = await t.database.holdLock(LIVENESS_SPACE, key, () => undefined);
    try {
      expect(lock).toBeDefined();
      const alive = await searcherThrough(key);
      const customer = await signUpCustomer(t);
      const first = await placeOrder(customer.client, teethId);
      expect(await holderOf(first)).toBe(alive);
      // The instance dies (its lock goes with its connection); its next searcher is still fresh.
      await lock!.release();
      lock = undefined;
      const ghost = await searcherThrough(key);
      const second = await placeOrder(customer.client, teethId);
      expect(await holderOf(second)).toBeNull();
      await t.work.sweep();
      expect(await holderOf(second)).toBeNull();
      expect(await t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, ghost))).toEqual([]);
    } finally {
      await lock?.release();
    }
  });
});
