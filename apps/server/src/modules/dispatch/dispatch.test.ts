import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DispatchText,
  ExecutorResult,
  TimeExtensionCode,
  type StaffOrder,
  type TimeExtension,
} from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { dispatchWaiters, orderProcessing, orders, refusalReasons, shifts } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../../test/staff-fixtures';

let t: TestApp;
let teethId: string;
let teethTime: number;

beforeAll(async () => {
  t = await createTestApp();
  const service = await catalogServices(t);
  teethId = service('Teeth whitening')._id;
  teethTime = 10 + service('Teeth whitening').executionTime;
});
afterAll(() => t.close());

/** Earlier orders are taken out of the queue, and every shift ends. */
async function emptyQueues() {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null });
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
}

// Each test starts with an empty queue.
beforeEach(emptyQueues);

async function designerOnDuty(member?: StaffMember) {
  const designer = member ?? (await createStaff(t))[0]!;
  const shift = await designer.client.post('/api/executor/shift/toggle');
  expect(shift.body.startDate).toBeTruthy();
  const socket = await connectedSocket(t, designer.client);
  return { ...designer, socket };
}

/** Starts the search and waits until the server has queued the designer. */
async function search(designer: Awaited<ReturnType<typeof designerOnDuty>>) {
  designer.socket.emit(SocketEvent.executorFind, true);
  await expect
    .poll(async () => {
      const rows = await t.db
        .select()
        .from(dispatchWaiters)
        .where(eq(dispatchWaiters.userId, designer.userId));
      const [held] = await t.db.select().from(orders).where(eq(orders.executorId, designer.userId));
      return rows.length > 0 || held !== undefined;
    })
    .toBe(true);
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

describe('shifts', () => {
  it('toggles on and off; the current shift answers 404 off duty', async () => {
    const [designer] = await createStaff(t);
    expect((await designer!.client.get('/api/executor/shift')).status).toBe(404);
    const on = await designer!.client.post('/api/executor/shift/toggle');
    expect(on.body.startDate).toBe(t.clock.now().toISOString());
    expect((await designer!.client.get('/api/executor/shift')).body).toEqual(on.body);
    const off = await designer!.client.post('/api/executor/shift/toggle');
    expect(off.body).toEqual({ startDate: null });
    expect((await designer!.client.get('/api/executor/shift')).status).toBe(404);
    expect((await t.client().post('/api/executor/shift/toggle')).status).toBe(401);
  });

  it('refuses the search off duty with the specification text', async () => {
    const [designer] = await createStaff(t);
    const socket = await connectedSocket(t, designer!.client);
    const error = nextEvent<{ status: number; message: string }>(socket, SocketEvent.errors);
    socket.emit(SocketEvent.executorFind, true);
    expect(await error).toEqual({ status: 403, message: DispatchText.notOnShift });
  });

  it('refuses the search to a customer', async () => {
    const { client } = await signUpCustomer(t);
    await client.post('/api/executor/shift/toggle');
    const socket = await connectedSocket(t, client);
    const error = nextEvent<{ status: number }>(socket, SocketEvent.errors);
    socket.emit(SocketEvent.executorFind, true);
    expect((await error).status).toBe(403);
  });
});

describe('matching', () => {
  it('pushes an arriving order to the searching designer and tells the customer', async () => {
    const designer = await designerOnDuty();
    await search(designer);
    const customer = await signUpCustomer(t);
    const customerSocket = await connectedSocket(t, customer.client);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );
    const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);

    const orderId = await placeOrder(customer.client, teethId);
    const order = await received;
    expect(order).toMatchObject({
      _id: orderId,
      condition: OrderCondition.inWork,
      message: 'Hi',
      client: { email: customer.credentials.email },
      persons: [{ id: 'photo', orders: [{ _id: teethId, isOptional: false, active: true }] }],
    });
    expect(order.persons[0]!.orders[0]!.instruction).toBeTruthy();
    expect(order.persons[0]!.orders[0]!.title.admin).toBe('Отбеливание зубов');
    expect(order.currentProcessing?.executor?._id).toBe(designer.userId);
    await expect.poll(() => changes.map((change) => change.condition)).toEqual([0, 1]);
    expect(await orderRow(orderId)).toMatchObject({ condition: 1, executorId: designer.userId });
  });

  it('gives the oldest waiting order to the designer who waited longest', async () => {
    const customer = await signUpCustomer(t);
    const first = await placeOrder(customer.client, teethId);
    t.clock.advance(1000);
    const second = await placeOrder(customer.client, teethId);
    const early = await designerOnDuty();
    const late = await designerOnDuty();
    const earlyGets = nextEvent<StaffOrder>(early.socket, SocketEvent.orderForExecutor);
    await search(early);
    expect((await earlyGets)._id).toBe(first);
    const lateGets = nextEvent<StaffOrder>(late.socket, SocketEvent.orderForExecutor);
    await search(late);
    expect((await lateGets)._id).toBe(second);
  });

  it('a designer holds one order at a time and gets it back when searching again', async () => {
    const customer = await signUpCustomer(t);
    const designer = await designerOnDuty();
    await search(designer);
    const firstReceived = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    const first = await placeOrder(customer.client, teethId);
    expect((await firstReceived)._id).toBe(first);
    const second = await placeOrder(customer.client, teethId);
    const again = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    designer.socket.emit(SocketEvent.executorFind, true);
    expect((await again)._id).toBe(first);
    expect((await orderRow(second)).condition).toBe(OrderCondition.new);
  });

  it('handles a search and its stop sent at once in their order: the designer is not left searching', async () => {
    const designer = await designerOnDuty();
    for (let round = 0; round < 3; round += 1) {
      designer.socket.emit(SocketEvent.executorFind, true);
      designer.socket.emit(SocketEvent.executorFind, false);
      // A socket's events are handled one after another: this answer comes after both of the above.
      const answered = nextEvent(designer.socket, SocketEvent.executorRate);
      designer.socket.emit(SocketEvent.executorRate);
      await answered;
      const waiting = await t.db
        .select()
        .from(dispatchWaiters)
        .where(eq(dispatchWaiters.userId, designer.userId));
      expect(waiting, `round ${round}`).toEqual([]);
    }
    // Not searching: an order that arrives now waits for someone else.
    const { client: customer } = await signUpCustomer(t);
    const orderId = await placeOrder(customer, teethId);
    await t.work.designers.match();
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.new);
  });

  it('100 designers and 50 concurrent orders: 50 distinct assignments, no order or designer twice', async () => {
    const designers = await createStaff(t, 'Designer', 100);
    const onDuty = await Promise.all(designers.map((member) => designerOnDuty(member)));
    const assignments: Array<{ designerId: string; orderId: string }> = [];
    for (const designer of onDuty) {
      designer.socket.on(SocketEvent.orderForExecutor, (order: StaffOrder) =>
        assignments.push({ designerId: designer.userId, orderId: order._id }),
      );
    }
    await Promise.all(onDuty.map((designer) => search(designer)));
    const customers = await Promise.all(Array.from({ length: 10 }, () => signUpCustomer(t)));
    const orderIds = await Promise.all(
      customers.flatMap((customer) => Array.from({ length: 5 }, () => placeOrder(customer.client, teethId))),
    );
    await expect.poll(() => assignments.length, { timeout: 30_000 }).toBe(50);
    expect(new Set(assignments.map((a) => a.orderId))).toEqual(new Set(orderIds));
    expect(new Set(assignments.map((a) => a.designerId)).size).toBe(50);
    const held = await t.db.select().from(orders).where(eq(orders.condition, OrderCondition.inWork));
    expect(held.filter((row) => orderIds.includes(row.id))).toHaveLength(50);
    for (const designer of onDuty) designer.socket.disconnect();
  }, 120_000);
});

/** A designer on shift holding a new order of a new customer. */
async function designerWithOrder() {
  const customer = await signUpCustomer(t);
  const designer = await designerOnDuty();
  await search(designer);
  const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
  const orderId = await placeOrder(customer.client, teethId);
  await received;
  return { designer, orderId, customer };
}

describe('deadlines', () => {
  it('offers the extension 10 minutes before the deadline; accepted, the designer keeps the full time', async () => {
    const { designer, orderId } = await designerWithOrder();
    const messages = collectEvents<TimeExtension>(designer.socket, SocketEvent.timeExtension);
    t.clock.advance((teethTime - 10) * 60_000 - 1000);
    await t.work.sweep();
    expect(messages).toEqual([]);

    t.clock.advance(1000);
    await t.work.sweep();
    await expect.poll(() => messages.map((m) => m.code)).toEqual([TimeExtensionCode.offer]);
    designer.socket.emit(SocketEvent.timeExtension);
    await expect
      .poll(() => messages.map((m) => m.code))
      .toEqual([TimeExtensionCode.offer, TimeExtensionCode.extended]);

    t.clock.advance(9 * 60_000);
    await t.work.sweep();
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.inWork);

    t.clock.advance(60_000);
    await t.work.sweep();
    await expect.poll(() => messages.map((m) => m.code)).toContain(TimeExtensionCode.expired);
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
  });

  it('an unanswered offer expires the attempt after 60 s and the order waits for another designer', async () => {
    const { designer, orderId, customer } = await designerWithOrder();
    const messages = collectEvents<TimeExtension>(designer.socket, SocketEvent.timeExtension);
    const customerSocket = await connectedSocket(t, customer.client);
    const changes = collectEvents<{ condition: number }>(customerSocket, SocketEvent.changeOrders);
    t.clock.advance((teethTime - 10) * 60_000);
    await t.work.sweep();
    t.clock.advance(59_000);
    await t.work.sweep();
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.inWork);
    t.clock.advance(1000);
    await t.work.sweep();
    await expect
      .poll(() => messages.map((m) => m.code))
      .toEqual([TimeExtensionCode.offer, TimeExtensionCode.expired]);
    expect(messages[1]!.message).toBe(DispatchText.timeExpired);
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    await expect.poll(() => changes.map((change) => change.condition)).toEqual([OrderCondition.requeued]);
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(attempt).toMatchObject({ resultStatus: ExecutorResult.overdue, executorId: designer.userId });

    // Too late to accept now.
    const warning = nextEvent<{ message: string }>(designer.socket, SocketEvent.warn);
    designer.socket.emit(SocketEvent.timeExtension);
    expect((await warning).message).toBe(DispatchText.noExtensionOffer);
  });

  it('never offers an order again to the designer who let it expire', async () => {
    const { designer, orderId } = await designerWithOrder();
    t.clock.advance(teethTime * 60_000);
    await t.work.sweep();
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.requeued);
    const offered = collectEvents<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    await search(designer);
    await t.work.designers.match();
    expect(offered).toEqual([]);

    const other = await designerOnDuty();
    const otherGets = nextEvent<StaffOrder>(other.socket, SocketEvent.orderForExecutor);
    await search(other);
    expect((await otherGets)._id).toBe(orderId);
    expect(offered).toEqual([]);
  });

  it('never offers an order again to the designer who refused it', async () => {
    const { designer, orderId } = await designerWithOrder();
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    expect(
      (await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id })).status,
    ).toBe(200);
    // A moderator who disagrees puts it back in the queue (moderation's call; set here directly).
    await t.db.update(orders).set({ condition: OrderCondition.requeued }).where(eq(orders.id, orderId));
    const offered = collectEvents<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    await search(designer);
    await t.work.designers.match();
    expect(offered).toEqual([]);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.requeued);
  });
});

// Issue 21: a reload or a reconnect lost the order in hand on the screen while the server kept it.
describe('the cabinet as it stands (GET /api/executor/state)', () => {
  it('answers the shift, the order in hand with its countdown start, and an open extension offer', async () => {
    const { designer, orderId } = await designerWithOrder();
    const before = await designer.client.get('/api/executor/state');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      shift: { startDate: t.clock.now().toISOString() },
      order: { _id: orderId, condition: OrderCondition.inWork, dateStart: t.clock.now().toISOString() },
      extensionOffer: false,
    });

    t.clock.advance((teethTime - 10) * 60_000);
    await t.work.sweep();
    expect((await designer.client.get('/api/executor/state')).body.extensionOffer).toBe(true);
  });

  it('answers no order and no shift for a designer off duty, and refuses a customer', async () => {
    const [designer] = await createStaff(t);
    expect((await designer!.client.get('/api/executor/state')).body).toEqual({
      shift: { startDate: null },
      order: null,
      extensionOffer: false,
      holderGraceSeconds: t.config.HOLDER_GRACE_SECONDS,
    });
    const { client } = await signUpCustomer(t);
    expect((await client.get('/api/executor/state')).status).toBe(403);
    expect((await t.client().get('/api/executor/state')).status).toBe(401);
  });
});

describe('ending a shift while holding an order', () => {
  it('gives the order back to the queue, where another designer gets it', async () => {
    const { designer, orderId } = await designerWithOrder();
    expect((await designer.client.post('/api/executor/shift/toggle')).body).toEqual({ startDate: null });
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    expect((await designer.client.get('/api/executor/state')).body.order).toBeNull();

    const other = await designerOnDuty();
    const received = nextEvent<StaffOrder>(other.socket, SocketEvent.orderForExecutor);
    await search(other);
    expect((await received)._id).toBe(orderId);

    // Back on a new shift, a reload is not told the order was lost by staying away.
    t.clock.advance(60_000);
    await designer.client.post('/api/executor/shift/toggle');
    const again = t.socket(designer.client);
    const told = collectEvents(again, SocketEvent.orderCancelled);
    await nextEvent(again, 'connect');
    const state = await designer.client.get('/api/executor/state');
    expect(state.body).toMatchObject({ order: null, shift: { startDate: expect.any(String) } });
    expect(told).toEqual([]);
  });

  it('racing the result it ends in one outcome: handed in, or back in the queue and the result refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      await emptyQueues();
      const { designer, orderId } = await designerWithOrder();
      const picture = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#33aa55' },
      })
        .png()
        .toBuffer();
      const form = imageForm({}, { image: { data: picture, name: 'r.png', type: 'image/png' } });
      const [result, shift] = await Promise.all([
        designer.client.post('/api/admin/orders/executor/completed', form),
        designer.client.post('/api/executor/shift/toggle'),
      ]);
      expect(shift.body).toEqual({ startDate: null });
      const row = await orderRow(orderId);
      if (result.status === 200) {
        expect(row.condition).toBe(OrderCondition.resultReview);
      } else {
        expect(result.body.message).toBe(DispatchText.noOrderInWork);
        expect(row).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
      }
      const attempts = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
      expect(attempts).toHaveLength(1);
      expect(attempts[0]!.dateEnd).not.toBeNull();
      designer.socket.disconnect();
    }
  });
});
