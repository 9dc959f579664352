import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import {
  LedgerReason,
  dispatchWaiters,
  orderProcessing,
  orders,
  refusalReasons,
  shifts,
  tokenLedger,
  users,
} from '../../db/schema/index';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import { adjustBalance, imageForm, signUpCustomer } from '../../../test/fixtures';
import { quietEvents } from '../../../test/lost-commit';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../../test/staff-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { completeOrder } from '../dispatch/executor-work.service';
import { findLedgerMismatches } from '../ledger/ledger.repository';
import { requeueHeldOrder } from './designer-commands';
import { TipText } from './order-flow.texts';
import { waitForState } from '../../../test/limits';

let t: TestApp;
let teethId: string;

beforeAll(async () => {
  t = await createTestApp();
  teethId = (await catalogServices(t))('Teeth whitening')._id;
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

// Each test starts with empty queues: earlier orders are taken out of them.
beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
  await t.db.update(orderProcessing).set({ dateEnd: t.clock.now() }).where(isNull(orderProcessing.dateEnd));
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

const png = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();
const resultForm = async (colour = '#33aa55') =>
  imageForm({}, { image: { data: await png(colour), name: 'r.png', type: 'image/png' } });

async function onDuty(member: StaffMember) {
  await member.client.post('/api/executor/shift/toggle');
  return { ...member, socket: await connectedSocket(t, member.client) };
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function balanceOf(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return { main: row!.balanceMain, bonus: row!.balanceBonus };
}

async function attemptsOf(orderId: string) {
  return t.db
    .select()
    .from(orderProcessing)
    .where(and(eq(orderProcessing.orderId, orderId), eq(orderProcessing.kind, 'executor')))
    .orderBy(asc(orderProcessing.createdAt));
}

/** A designer on shift holding a fresh order of a new customer (who got 100 main tokens). */
async function heldOrder() {
  const designer = await onDuty((await createStaff(t))[0]!);
  const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
  designer.socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100, bonus: 0 });
  const orderId = await placeOrder(customer.client, teethId);
  expect((await received)._id).toBe(orderId);
  return { designer, customer, orderId };
}

async function approveAsNewModerator(orderId: string) {
  const moderator = (await createStaff(t, 'Moderator'))[0]!;
  const socket = await connectedSocket(t, moderator.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForReview);
  socket.emit(SocketEvent.reviewFind, true);
  expect((await received)._id).toBe(orderId);
  return moderator;
}

/** The designer's result approved: the order is delivered (6). */
async function deliveredOrder() {
  const held = await heldOrder();
  expect(
    (await held.designer.client.post('/api/admin/orders/executor/completed', await resultForm())).status,
  ).toBe(200);
  const moderator = await approveAsNewModerator(held.orderId);
  expect((await moderator.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(200);
  expect((await orderRow(held.orderId)).condition).toBe(OrderCondition.done);
  return { ...held, moderator };
}

/** A revision of a delivered order, back with its designer (5). */
async function revisionHeld(delivered: Awaited<ReturnType<typeof deliveredOrder>>) {
  const back = nextEvent<StaffOrder>(delivered.designer.socket, SocketEvent.orderForExecutor);
  const asked = await delivered.customer.client.post(`/api/orders/refusal/${delivered.orderId}`, {
    message: 'Whiter, please',
  });
  expect(asked.status).toBe(200);
  expect((await back).condition).toBe(OrderCondition.revision);
}

async function reviewAgain(orderId: string) {
  return approveAsNewModerator(orderId);
}

describe('money rules of a revised order (decision 22)', () => {
  it('a tipped order revised and approved again returns to 10, and a second tip is refused without a charge', async () => {
    const delivered = await deliveredOrder();
    const { customer, designer, orderId } = delivered;
    const tipped = await customer.client.post(`/api/orders/order/${orderId}/tip`, { data: { amount: 15 } });
    expect(tipped.status).toBe(200);
    await revisionHeld(delivered);
    expect(
      (await designer.client.post('/api/admin/orders/executor/completed', await resultForm('#eeeeee')))
        .status,
    ).toBe(200);
    const moderator = await reviewAgain(orderId);
    expect((await moderator.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(200);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.doneTipped);

    const customerBefore = await balanceOf(customer.user._id);
    const designerBefore = await balanceOf(designer.userId);
    const again = await customer.client.post(`/api/orders/order/${orderId}/tip`, { data: { amount: 200 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TipText.alreadyTipped);
    expect(await balanceOf(customer.user._id)).toEqual(customerBefore);
    expect(await balanceOf(designer.userId)).toEqual(designerBefore);
    expect(await orderRow(orderId)).toMatchObject({ tip: 15, condition: OrderCondition.doneTipped });
    const tips = await t.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.orderId, orderId), eq(tokenLedger.reason, LedgerReason.tip)));
    expect(tips.map((row) => row.deltaMain + row.deltaBonus)).toEqual([-15]);
  });

  it("records the designer's pay once, at the first approval; an approved revision records 0", async () => {
    const delivered = await deliveredOrder();
    const { designer, orderId } = delivered;
    const { costForExecutor } = await orderRow(orderId);
    await revisionHeld(delivered);
    expect(
      (await designer.client.post('/api/admin/orders/executor/completed', await resultForm('#eeeeee')))
        .status,
    ).toBe(200);
    const moderator = await reviewAgain(orderId);
    expect((await moderator.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(200);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.done);
    const pays = (await attemptsOf(orderId)).map((attempt) => attempt.executorPay);
    expect(pays).toEqual([costForExecutor, 0]);
  });

  it('a refused revision agreed by the moderator returns the order to 6 with its picture and refunds nothing', async () => {
    const delivered = await deliveredOrder();
    const { customer, designer, orderId } = delivered;
    const { finalPicture } = await orderRow(orderId);
    expect(finalPicture).toBeTruthy();
    await revisionHeld(delivered);
    const before = await balanceOf(customer.user._id);
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    expect(
      (await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id })).status,
    ).toBe(200);
    const moderator = await reviewAgain(orderId);
    expect((await moderator.client.post('/api/admin/orders/review/refuse/resolve')).status).toBe(200);

    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.done, finalPicture });
    expect(await balanceOf(customer.user._id)).toEqual(before);
    const refunds = await t.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.orderId, orderId), eq(tokenLedger.reason, LedgerReason.orderRefund)));
    expect(refunds).toEqual([]);
  });

  it('a refused revision of a tipped order returns it to 10', async () => {
    const delivered = await deliveredOrder();
    const { customer, designer, orderId } = delivered;
    await customer.client.post(`/api/orders/order/${orderId}/tip`, { data: { amount: 5 } });
    await revisionHeld(delivered);
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id });
    const moderator = await reviewAgain(orderId);
    expect((await moderator.client.post('/api/admin/orders/review/refuse/resolve')).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.doneTipped, tip: 5 });
  });

  it('two tips racing: one is taken, the other answers 409', async () => {
    const { customer, orderId } = await deliveredOrder();
    const before = await balanceOf(customer.user._id);
    const answers = await Promise.all(
      [7, 9].map((amount) => customer.client.post(`/api/orders/order/${orderId}/tip`, { data: { amount } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { tip } = await orderRow(orderId);
    expect([7, 9]).toContain(tip);
    const after = await balanceOf(customer.user._id);
    expect(before.main + before.bonus - (after.main + after.bonus)).toBe(tip);
  });
});

describe('concurrent callers', () => {
  it('a revision asked twice at once is taken once', async () => {
    const { customer, orderId } = await deliveredOrder();
    const answers = await Promise.all(
      ['Again', 'And again'].map((message) =>
        customer.client.post(`/api/orders/refusal/${orderId}`, { message }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const requests = await t.db
      .select()
      .from(orderProcessing)
      .where(and(eq(orderProcessing.orderId, orderId), eq(orderProcessing.kind, 'client')));
    expect(requests).toHaveLength(1);
  });

  it("a staff cancel racing the designer's result ends cancelled with one refund", async () => {
    const admin = (await createStaff(t, 'Admin'))[0]!;
    const { designer, customer, orderId } = await heldOrder();
    const before = await balanceOf(customer.user._id);
    const { chargedMain, chargedBonus } = await orderRow(orderId);
    await Promise.all([
      admin.client.post(`/api/admin/orders/order/${orderId}/cancel`),
      designer.client.post('/api/admin/orders/executor/completed', await resultForm()),
    ]);
    expect(await orderRow(orderId)).toMatchObject({
      condition: OrderCondition.cancelled,
      executorId: null,
      reviewerId: null,
    });
    expect(await balanceOf(customer.user._id)).toEqual({
      main: before.main + chargedMain,
      bonus: before.bonus + chargedBonus,
    });
  });
});

describe('requeue', () => {
  it('puts the order of a designer who can hold it no longer back in the queue, for another designer', async () => {
    const { designer, orderId } = await heldOrder();
    expect(await requeueHeldOrder(t.work.flow, designer.userId)).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    const [attempt] = await attemptsOf(orderId);
    expect(attempt!.dateEnd).not.toBeNull();
    expect(await requeueHeldOrder(t.work.flow, designer.userId)).toBe(false);

    const next = await onDuty((await createStaff(t))[0]!);
    const received = nextEvent<StaffOrder>(next.socket, SocketEvent.orderForExecutor);
    next.socket.emit(SocketEvent.executorFind, true);
    expect((await received)._id).toBe(orderId);
  });
});

describe('a result racing an expiry and a new match', () => {
  it("never attaches the picture to the designer's next order: the call is refused and the picture removed", async () => {
    const { designer, orderId: first } = await heldOrder();
    const customer = await signUpCustomer(t);
    const second = await placeOrder(customer.client, teethId);
    const files = createLocalStorage(path.join(t.config.DATA_DIR, 'files'));
    // While the picture is being stored, the attempt expires and the designer is matched to another order.
    const racing: Storage = {
      ...files,
      put: async (key, data, contentType) => {
        await files.put(key, data, contentType);
        t.clock.advance(24 * 3600_000);
        await t.work.sweep();
        expect((await orderRow(first)).condition).toBe(OrderCondition.requeued);
        const next = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
        designer.socket.emit(SocketEvent.executorFind, true);
        await waitForState(async () => expect((await orderRow(second)).executorId).toBe(designer.userId));
        await next;
      },
    };
    const deps = { ...createOrderFlowDeps(), storage: racing };
    const failed = await completeOrder(deps, designer.userId, await png('#123456')).catch(
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ statusCode: 409 });
    expect(await orderRow(second)).toMatchObject({
      condition: OrderCondition.inWork,
      executorId: designer.userId,
    });
    const [attempt] = (await attemptsOf(second)).filter((row) => row.executorId === designer.userId);
    expect(attempt).toMatchObject({ resultPicture: null, dateEnd: null });
    const left = await readdir(path.join(t.config.DATA_DIR, 'files', 'orders', first)).catch(() => []);
    expect(left.filter((name) => name.startsWith('result-'))).toEqual([]);
  });
});

describe('live staff screens', () => {
  it('tells lookOrders holders of every condition change, and nobody else of other customers’ orders', async () => {
    const admin = (await createStaff(t, 'Admin'))[0]!;
    const adminSocket = await connectedSocket(t, admin.client);
    const seen = collectEvents<{ orderId: string; condition: number }>(adminSocket, SocketEvent.changeOrders);
    const bystander = await signUpCustomer(t);
    const bystanderSeen = collectEvents(await connectedSocket(t, bystander.client), SocketEvent.changeOrders);
    const idleDesigner = (await createStaff(t))[0]!;
    const idleSeen = collectEvents(await connectedSocket(t, idleDesigner.client), SocketEvent.changeOrders);

    const { designer, orderId } = await heldOrder();
    await designer.client.post('/api/admin/orders/executor/completed', await resultForm());
    const conditions = [OrderCondition.new, OrderCondition.inWork, OrderCondition.resultReview];
    await waitForState(() =>
      expect(seen.filter((change) => change.orderId === orderId).map((change) => change.condition)).toEqual(
        conditions,
      ),
    );
    expect(bystanderSeen).toEqual([]);
    expect(idleSeen).toEqual([]);
  });
});

/** Deps of the order-flow commands over the test app, publishing nowhere. */
function createOrderFlowDeps() {
  return {
    db: t.db,
    storage: createLocalStorage(path.join(t.config.DATA_DIR, 'files')),
    now: () => t.clock.now(),
    events: quietEvents,
  };
}
