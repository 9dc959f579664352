import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import {
  AdminOrdersText,
  CLIENT_ORDERS_LIMIT,
  type AdminOrderRow,
  type OrderCancelledEvent,
} from '@retouch/shared/admin-orders';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { ExecutorResult, ReviewResult, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import {
  LedgerReason,
  auditLog,
  dispatchWaiters,
  orderProcessing,
  orders,
  shifts,
  tokenLedger,
  users,
} from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { adjustBalance, imageForm, signUpCustomer } from '../../../test/fixtures';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../../test/staff-fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';

let t: TestApp;
let admin: TestClient;
let adminId: string;
let teethId: string;
let teethCost: number;

beforeAll(async () => {
  t = await createTestApp();
  const service = (await catalogServices(t))('Teeth whitening');
  teethId = service._id;
  teethCost = service.cost;
  const [staff] = await createStaff(t, 'Admin');
  admin = staff!.client;
  adminId = staff!.userId;
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

// Each test starts with empty queues: earlier orders leave them (without refunds: only cancel refunds here).
beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
  await t.db.update(orderProcessing).set({ dateEnd: t.clock.now() }).where(isNull(orderProcessing.dateEnd));
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

const MINUTE = 60_000;

const png = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A customer with `count` orders, one a minute apart (oldest first). */
async function customerWithOrders(count: number) {
  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100, bonus: 0 });
  const orderIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    orderIds.push(await placeOrder(customer.client, teethId));
    t.clock.advance(MINUTE);
  }
  return { ...customer, orderIds };
}

async function onDuty(member: StaffMember) {
  await member.client.post('/api/executor/shift/toggle');
  return { ...member, socket: await connectedSocket(t, member.client) };
}

/** A designer on duty who searches and receives the next order placed. */
async function searchingDesigner() {
  const designer = await onDuty((await createStaff(t))[0]!);
  designer.socket.emit(SocketEvent.executorFind, true);
  await expect
    .poll(async () => t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, designer.userId)))
    .toHaveLength(1);
  return designer;
}

/** A customer's order held by a designer (condition 1). */
async function orderInWork(funds?: { main: number; bonus: number }) {
  const designer = await searchingDesigner();
  const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
  const customer = await signUpCustomer(t);
  if (funds) await adjustBalance(t, customer.user._id, funds);
  const customerSocket = await connectedSocket(t, customer.client);
  const changes = collectEvents<{ orderId: string; condition: number }>(
    customerSocket,
    SocketEvent.changeOrders,
  );
  const orderId = await placeOrder(customer.client, teethId);
  expect((await received)._id).toBe(orderId);
  return { designer, customer, changes, orderId };
}

/** A designer's result handed in (condition 2) and under a moderator's review. */
async function orderUnderReview() {
  const inWork = await orderInWork();
  const form = imageForm({}, { image: { data: await png('#33aa55'), name: 'r.png', type: 'image/png' } });
  expect((await inWork.designer.client.post('/api/admin/orders/executor/completed', form)).status).toBe(200);
  const moderator = (await createStaff(t, 'Moderator'))[0]!;
  const socket = await connectedSocket(t, moderator.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForReview);
  socket.emit(SocketEvent.reviewFind, true);
  expect((await received)._id).toBe(inWork.orderId);
  return { ...inWork, moderator: { ...moderator, socket } };
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function balanceOf(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return { main: row!.balanceMain, bonus: row!.balanceBonus };
}

async function refundsOf(orderId: string) {
  return t.db
    .select()
    .from(tokenLedger)
    .where(and(eq(tokenLedger.orderId, orderId), eq(tokenLedger.reason, LedgerReason.orderRefund)));
}

const ids = (rows: AdminOrderRow[]) => rows.map((row) => row._id);

describe('GET /api/admin/orders/', () => {
  it('answers the page rows with their client, newest first by default, and the total of all orders', async () => {
    const { orderIds, credentials, user } = await customerWithOrders(2);
    const [all] = await t.db.select({ n: count() }).from(orders);
    const answer = await admin.get('/api/admin/orders/?limit=5');
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(all!.n);
    expect(answer.body.orders).toHaveLength(Math.min(5, all!.n));
    const dates = (answer.body.orders as AdminOrderRow[]).map((row) => Date.parse(row.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(answer.body.orders[0]).toEqual({
      _id: orderIds[1],
      createdAt: expect.any(String),
      client: {
        _id: user._id,
        email: credentials.email,
        name: { giveName: credentials.name.giveName, familyName: credentials.name.familyName },
      },
      cost: teethCost,
      tip: 0,
      condition: OrderCondition.new,
      executionTime: expect.any(Number),
      dateStart: null,
    });
  });

  it('defaults to 20 rows of page 1 and pages on the server', async () => {
    await customerWithOrders(1);
    const [all] = await t.db.select({ n: count() }).from(orders);
    const first = await admin.get('/api/admin/orders/');
    expect(first.body.orders).toHaveLength(Math.min(20, all!.n));
    const second = await admin.get('/api/admin/orders/?limit=2&page=2');
    expect(ids(second.body.orders)).toEqual(ids(first.body.orders).slice(2, 4));
    const beyond = await admin.get(`/api/admin/orders/?limit=100&page=${Math.ceil(all!.n / 100) + 1}`);
    expect(beyond.body).toEqual({ orders: [], total: all!.n });
  });

  it('filters by the client e-mail whatever its case, sorts ASC or DESC and pages within the filter', async () => {
    const { orderIds, credentials } = await customerWithOrders(3);
    const email = encodeURIComponent(credentials.email.toUpperCase());
    const newest = await admin.get(`/api/admin/orders/?email=${email}`);
    expect(newest.body.total).toBe(3);
    expect(ids(newest.body.orders)).toEqual([...orderIds].reverse());
    const oldest = await admin.get(`/api/admin/orders/?email=${email}&sortByDate=ASC`);
    expect(ids(oldest.body.orders)).toEqual(orderIds);
    const page = await admin.get(`/api/admin/orders/?email=${email}&sortByDate=DESC&limit=2&page=2`);
    expect(page.body).toMatchObject({ total: 3 });
    expect(ids(page.body.orders)).toEqual([orderIds[0]]);
    const nobody = await admin.get('/api/admin/orders/?email=nobody%40example.com');
    expect(nobody.body).toEqual({ orders: [], total: 0 });
    // An empty filter is no filter.
    const unfiltered = await admin.get('/api/admin/orders/?email=');
    expect(unfiltered.body.total).toBeGreaterThan(3);
  });

  it('refuses a bad query with 400', async () => {
    expect((await admin.get('/api/admin/orders/?limit=101')).status).toBe(400);
    expect((await admin.get('/api/admin/orders/?limit=0')).status).toBe(400);
    expect((await admin.get('/api/admin/orders/?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/orders/?sortByDate=UP')).status).toBe(400);
  });
});

describe('GET /api/admin/orders/order/{id}', () => {
  it("answers the whole order with the designer's attempt and the moderator's review", async () => {
    const { orderId, designer, moderator, customer } = await orderUnderReview();
    // The history is ordered by time: the attempt that the fix starts comes a minute later.
    t.clock.advance(MINUTE);
    const fix = imageForm(
      { data: JSON.stringify({ message: 'Softer, please' }) },
      { image: { data: await png('#0000ff'), name: 'fix.png', type: 'image/png' } },
    );
    expect((await moderator.client.post('/api/admin/orders/review/completed/rejection', fix)).status).toBe(
      200,
    );

    const answer = await admin.get(`/api/admin/orders/order/${orderId}`);
    expect(answer.status).toBe(200);
    const order = answer.body as StaffOrder;
    expect(order).toMatchObject({
      _id: orderId,
      condition: OrderCondition.fixing,
      cost: teethCost,
      client: { _id: customer.user._id, email: customer.credentials.email },
      // Back office section 3: a person's order item carries its ref (the service or option it names).
      persons: [
        { id: 'photo', orders: [{ _id: teethId, ref: teethId, title: { admin: 'Отбеливание зубов' } }] },
      ],
    });
    const [reviewed, running] = order.processing;
    expect(reviewed).toMatchObject({
      executor: { _id: designer.userId, email: designer.email, result: { status: ExecutorResult.completed } },
      review: {
        _id: moderator.userId,
        email: moderator.email,
        result: { status: ReviewResult.fixed, message: 'Softer, please' },
      },
    });
    expect(reviewed!.executor!.result.picture).toBeTruthy();
    expect(running?.executor).toMatchObject({ _id: designer.userId, dateEnd: null });
    expect(order.currentProcessing?._id).toBe(running!._id);
  });

  it("lists a revision's client message before the attempt it started at the same moment", async () => {
    const { orderId, designer } = await orderInWork();
    t.clock.advance(MINUTE);
    const now = t.clock.now();
    await t.db
      .update(orderProcessing)
      .set({ dateEnd: now, resultStatus: ExecutorResult.completed })
      .where(eq(orderProcessing.orderId, orderId));
    // One transaction writes both (a revision handed straight back to its designer): the same time, and
    // ids that would put the attempt first.
    await t.db.insert(orderProcessing).values([
      {
        id: 'ffffffff-0000-4000-8000-000000000001',
        orderId,
        kind: 'client',
        clientMessage: 'Softer, please',
        createdAt: now,
      },
      {
        id: '00000000-0000-4000-8000-000000000001',
        orderId,
        kind: 'executor',
        executorId: designer.userId,
        dateStart: now,
        createdAt: now,
      },
    ]);

    const order = (await admin.get(`/api/admin/orders/order/${orderId}`)).body as StaffOrder;
    expect(order.processing.map((step) => (step.client ? 'client' : 'executor'))).toEqual([
      'executor',
      'client',
      'executor',
    ]);
    expect(order.processing[1]!.client).toEqual({ message: 'Softer, please' });
    expect(order.currentProcessing?._id).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('answers 404 with a clear message for an unknown or malformed id', async () => {
    for (const id of ['8d7f5c1e-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await admin.get(`/api/admin/orders/order/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: AdminOrdersText.orderNotFound });
    }
  });
});

describe('GET /api/admin/orders/user/{clientId}', () => {
  it("answers the client's orders newest first, 41 by default, `limit` at most", async () => {
    const { orderIds, user } = await customerWithOrders(3);
    const all = await admin.get(`/api/admin/orders/user/${user._id}`);
    expect(all.status).toBe(200);
    expect(ids(all.body.orders)).toEqual([...orderIds].reverse());
    expect(CLIENT_ORDERS_LIMIT).toBe(41);
    const two = await admin.get(`/api/admin/orders/user/${user._id}?limit=2`);
    expect(ids(two.body.orders)).toEqual([orderIds[2], orderIds[1]]);
    expect(two.body.orders[0].client._id).toBe(user._id);
    expect((await admin.get(`/api/admin/orders/user/${user._id}?limit=101`)).status).toBe(400);
    const unknown = await admin.get('/api/admin/orders/user/8d7f5c1e-0000-4000-8000-000000000000');
    expect(unknown.body).toEqual({ orders: [] });
    expect((await admin.get('/api/admin/orders/user/not-an-id')).status).toBe(404);
  });
});

describe('GET /api/admin/user/info/{clientId}', () => {
  it('answers the client with balance, role and creation date; 404 when unknown', async () => {
    const { user, credentials } = await signUpCustomer(t);
    await adjustBalance(t, user._id, { main: 7, bonus: 0 });
    const answer = await admin.get(`/api/admin/user/info/${user._id}`);
    expect(answer.body).toEqual({
      _id: user._id,
      email: credentials.email,
      name: credentials.name,
      balance: { main: 7, bonus: REGISTRATION_BONUS_TOKENS },
      role: { title: 'User' },
      createdAt: expect.any(String),
    });
    const unknown = await admin.get('/api/admin/user/info/8d7f5c1e-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: AdminOrdersText.userNotFound });
  });
});

describe('POST /api/admin/orders/order/{id}/cancel', () => {
  it('cancels a waiting order and returns exactly what it took from main and bonus, once', async () => {
    const customer = await signUpCustomer(t);
    // Bonus 1 and main 50: the order takes the bonus first, then the rest from main.
    await adjustBalance(t, customer.user._id, { main: 50, bonus: 1 - REGISTRATION_BONUS_TOKENS });
    const socket = await connectedSocket(t, customer.client);
    const orderId = await placeOrder(customer.client, teethId);
    expect(await balanceOf(customer.user._id)).toEqual({ main: 50 - (teethCost - 1), bonus: 0 });
    const changed = nextEvent<{ orderId: string; condition: number }>(socket, SocketEvent.changeOrders);
    const balance = nextEvent<{ main: number; bonus: number }>(socket, SocketEvent.balance);

    const answer = await admin.post(`/api/admin/orders/order/${orderId}/cancel`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: AdminOrdersText.cancelled,
      condition: OrderCondition.cancelled,
      refunded: { main: teethCost - 1, bonus: 1 },
    });
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.cancelled);
    expect(await balanceOf(customer.user._id)).toEqual({ main: 50, bonus: 1 });
    expect(await refundsOf(orderId)).toMatchObject([{ deltaMain: teethCost - 1, deltaBonus: 1 }]);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
    expect(await changed).toEqual({
      orderId,
      condition: OrderCondition.cancelled,
      from: OrderCondition.new,
      customerId: customer.user._id,
    });
    expect(await balance).toEqual({ main: 50, bonus: 1 });

    const again = await admin.post(`/api/admin/orders/order/${orderId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: AdminOrdersText.notCancellable });
    expect(await balanceOf(customer.user._id)).toEqual({ main: 50, bonus: 1 });
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it('refunds once when two cancels race', async () => {
    const { orderIds, user } = await customerWithOrders(1);
    const answers = await Promise.all(
      [1, 2].map(() => admin.post(`/api/admin/orders/order/${orderIds[0]}/cancel`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refunds = await refundsOf(orderIds[0]!);
    expect(refunds.map((refund) => refund.actorId)).toEqual([adminId]);
    // One audit entry of the cancel that happened, none of the one refused.
    const cancels = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderIds[0]!), eq(auditLog.action, 'cancel')));
    expect(cancels.map((entry) => entry.actorId)).toEqual([adminId]);
    // Back to the balance before the order: 100 main added, the registration bonus.
    expect(await balanceOf(user._id)).toEqual({ main: 100, bonus: REGISTRATION_BONUS_TOKENS });
  });

  it('frees the designer holding the order, tells them, and the deadline no longer fires', async () => {
    const { orderId, designer, changes } = await orderInWork();
    const cancelled = nextEvent<OrderCancelledEvent>(designer.socket, SocketEvent.orderCancelled);
    const timeEvents = collectEvents(designer.socket, SocketEvent.timeExtension);

    expect((await admin.post(`/api/admin/orders/order/${orderId}/cancel`)).status).toBe(200);
    expect(await cancelled).toEqual({ orderId, message: AdminOrdersText.cancelledByStaff });
    await expect
      .poll(() => changes.map((change) => change.condition))
      .toEqual([OrderCondition.new, OrderCondition.inWork, OrderCondition.cancelled]);
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.cancelled, executorId: null });
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(attempt!.dateEnd).not.toBeNull();

    // Past the attempt's whole time, the sweeper neither offers an extension nor expires anything.
    t.clock.advance((await orderRow(orderId)).executionTime * MINUTE + MINUTE);
    await t.work.sweep();
    expect(timeEvents).toEqual([]);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.cancelled);

    // The designer searches again and gets the next order.
    const next = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    designer.socket.emit(SocketEvent.executorFind, true);
    const other = await signUpCustomer(t);
    const nextId = await placeOrder(other.client, teethId);
    expect((await next)._id).toBe(nextId);
  });

  it('frees the moderator reviewing the order and tells them; the designer of the result is not told', async () => {
    const { orderId, moderator, designer } = await orderUnderReview();
    const cancelled = nextEvent<OrderCancelledEvent>(moderator.socket, SocketEvent.orderCancelled);
    const toDesigner = collectEvents(designer.socket, SocketEvent.orderCancelled);
    expect((await admin.post(`/api/admin/orders/order/${orderId}/cancel`)).status).toBe(200);
    expect(await cancelled).toEqual({ orderId, message: AdminOrdersText.cancelledByStaff });
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.cancelled, reviewerId: null });
    expect(toDesigner).toEqual([]);
    // Its decisions now have nothing to decide.
    expect((await moderator.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(409);

    // The moderator searches again and gets the next review.
    moderator.socket.emit(SocketEvent.reviewFind, true);
    await expect
      .poll(async () =>
        t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, moderator.userId)),
      )
      .toHaveLength(1);
    const next = nextEvent<StaffOrder>(moderator.socket, SocketEvent.orderForReview);
    const second = await orderInWork();
    const form = imageForm({}, { image: { data: await png('#3355aa'), name: 'r.png', type: 'image/png' } });
    await second.designer.client.post('/api/admin/orders/executor/completed', form);
    expect((await next)._id).toBe(second.orderId);
  });

  it('refuses finished orders (6, 8, 9, 10) with 409 and refunds nothing', async () => {
    const { orderIds, user } = await customerWithOrders(1);
    const orderId = orderIds[0]!;
    const before = await balanceOf(user._id);
    for (const condition of [
      OrderCondition.done,
      OrderCondition.refused,
      OrderCondition.cancelled,
      OrderCondition.doneTipped,
    ]) {
      await t.db.update(orders).set({ condition }).where(eq(orders.id, orderId));
      const answer = await admin.post(`/api/admin/orders/order/${orderId}/cancel`);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: AdminOrdersText.notCancellable });
    }
    expect(await balanceOf(user._id)).toEqual(before);
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const answer = await admin.post('/api/admin/orders/order/8d7f5c1e-0000-4000-8000-000000000000/cancel');
    expect(answer.status).toBe(404);
  });
});

describe('access', () => {
  it('every admin orders route refuses a visitor (401), a customer and staff without lookOrders (403)', async () => {
    const { orderIds, user } = await customerWithOrders(1);
    const customer = (await signUpCustomer(t)).client;
    const designer = (await createStaff(t, 'Designer'))[0]!.client;
    const calls: Array<[string, string]> = [
      ['GET', '/api/admin/orders/'],
      ['GET', `/api/admin/orders/order/${orderIds[0]}`],
      ['GET', `/api/admin/orders/user/${user._id}`],
      ['GET', `/api/admin/user/info/${user._id}`],
      ['POST', `/api/admin/orders/order/${orderIds[0]}/cancel`],
    ];
    for (const [method, url] of calls) {
      expect([method, url, (await t.client().request(method, url)).status]).toEqual([method, url, 401]);
      expect([method, url, (await customer.request(method, url)).status]).toEqual([method, url, 403]);
      expect([method, url, (await designer.request(method, url)).status]).toEqual([method, url, 403]);
    }
    expect((await orderRow(orderIds[0]!)).condition).toBe(OrderCondition.new);
    for (const [method, url] of calls) {
      expect([method, url, (await admin.request(method, url)).status]).toEqual([method, url, 200]);
    }
  });
});
