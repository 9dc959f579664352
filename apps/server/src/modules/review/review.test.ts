import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ReviewResult, type StaffOrder } from '@retouch/shared/dispatch';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { REVIEW_RELEASE_GRACE_SECONDS, ReviewText } from '@retouch/shared/review';
import { isDatabaseUnavailable } from '../../db/errors';
import {
  dispatchWaiters,
  orderProcessing,
  orders,
  refusalReasons,
  shifts,
  tokenLedger,
  users,
  LedgerReason,
} from '../../db/schema/index';
import { createLocalStorage } from '../../storage/local-storage';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adjustBalance, imageForm, signUpCustomer } from '../../../test/fixtures';
import { databaseLosingCommit, quietEvents } from '../../../test/lost-commit';
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
import { sendBackResult, type ReviewDeps } from './review.service';

let t: TestApp;
let teethId: string;
let teethCost: number;

beforeAll(async () => {
  t = await createTestApp();
  const service = (await catalogServices(t))('Teeth whitening');
  teethId = service._id;
  teethCost = service.cost;
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

// Each test starts with empty queues: earlier orders are taken out of them.
beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

const png = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function onDuty(member: StaffMember) {
  await member.client.post('/api/executor/shift/toggle');
  return { ...member, socket: await connectedSocket(t, member.client) };
}

/** A customer's order handed in by a designer: a result (condition 2) or a refusal (3). */
async function orderInReview(
  kind: 'result' | 'refusal' = 'result',
  /** The customer's balance moves by this before ordering (the registration bonus is 20). */
  funds?: { main: number; bonus: number },
) {
  const designer = await onDuty((await createStaff(t))[0]!);
  const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
  designer.socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  if (funds) await adjustBalance(t, customer.user._id, funds);
  const customerSocket = await connectedSocket(t, customer.client);
  const changes = collectEvents<{ condition: number }>(customerSocket, SocketEvent.changeOrders);
  const orderId = await placeOrder(customer.client, teethId);
  await received;
  if (kind === 'result') {
    const form = imageForm({}, { image: { data: await png('#33aa55'), name: 'r.png', type: 'image/png' } });
    expect((await designer.client.post('/api/admin/orders/executor/completed', form)).status).toBe(200);
  } else {
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    expect(
      (await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id })).status,
    ).toBe(200);
  }
  return { designer, customer, customerSocket, changes, orderId };
}

async function moderatorReviewing(orderId: string) {
  const moderator = { ...(await createStaff(t, 'Moderator'))[0]! };
  const socket = await connectedSocket(t, moderator.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForReview);
  socket.emit(SocketEvent.reviewFind, true);
  const order = await received;
  expect(order._id).toBe(orderId);
  return { ...moderator, socket, order };
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function balanceOf(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return { main: row!.balanceMain, bonus: row!.balanceBonus };
}

describe('the review queue', () => {
  it('hands an order in review to a searching moderator, one at a time', async () => {
    const { orderId } = await orderInReview();
    const moderator = await moderatorReviewing(orderId);
    expect(moderator.order.condition).toBe(OrderCondition.resultReview);
    expect(moderator.order.currentProcessing).toBeNull();
    expect(moderator.order.processing.at(-1)?.executor?.result.picture).toBeTruthy();
    const { orderId: second } = await orderInReview();
    // The moderator holds one; the second waits.
    expect((await orderRow(second)).reviewerId).toBeNull();
  });

  it('never gives two moderators the same order: ten searching at once for four orders', async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 4; i += 1) orderIds.push((await orderInReview()).orderId);
    const moderators = await createStaff(t, 'Moderator', 10);
    const sockets = await Promise.all(moderators.map((member) => connectedSocket(t, member.client)));
    const received = sockets.map((socket) => collectEvents<StaffOrder>(socket, SocketEvent.orderForReview));
    for (const socket of sockets) socket.emit(SocketEvent.reviewFind, true);
    await vi.waitFor(() => expect(received.flat()).toHaveLength(4), { timeout: 10_000 });
    await t.work.moderators.match();

    expect(
      received
        .flat()
        .map((order) => order._id)
        .sort(),
    ).toEqual([...orderIds].sort());
    expect(received.filter((orders) => orders.length > 0)).toHaveLength(4);
    const reviewers = (await Promise.all(orderIds.map(orderRow))).map((row) => row.reviewerId);
    expect(new Set(reviewers).size).toBe(4);
    expect(reviewers).not.toContain(null);
    for (const socket of sockets) socket.disconnect();
  });

  it('never gives moderators their own work, and answers review rate', async () => {
    const [both] = await createStaff(t, 'Moderator');
    const designer = await onDuty(both!);
    const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    designer.socket.emit(SocketEvent.executorFind, true);
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, teethId);
    await received;
    const form = imageForm({}, { image: { data: await png('#3355aa'), name: 'r.png', type: 'image/png' } });
    await designer.client.post('/api/admin/orders/executor/completed', form);
    const offered = collectEvents<StaffOrder>(designer.socket, SocketEvent.orderForReview);
    designer.socket.emit(SocketEvent.reviewFind, true);
    const rate = nextEvent<{ size: number }>(designer.socket, SocketEvent.reviewRate);
    designer.socket.emit(SocketEvent.reviewRate, true);
    expect((await rate).size).toBe(1);
    await t.work.moderators.match();
    expect(offered).toEqual([]);
    await moderatorReviewing(orderId);
  });

  it('handles a search and its stop sent at once in their order: the moderator is not left searching', async () => {
    const [moderator] = await createStaff(t, 'Moderator');
    const socket = await connectedSocket(t, moderator!.client);
    for (let round = 0; round < 3; round += 1) {
      socket.emit(SocketEvent.reviewFind, true);
      socket.emit(SocketEvent.reviewFind, false);
      // A socket's events are handled one after another: this answer comes after both of the above.
      const answered = nextEvent(socket, SocketEvent.reviewRate);
      socket.emit(SocketEvent.reviewRate);
      await answered;
      const waiting = await t.db
        .select()
        .from(dispatchWaiters)
        .where(eq(dispatchWaiters.userId, moderator!.userId));
      expect(waiting, `round ${round}`).toEqual([]);
    }
  });

  it('Stop reviewing puts the order back for another moderator', async () => {
    const { orderId } = await orderInReview();
    const first = await moderatorReviewing(orderId);
    first.socket.emit(SocketEvent.reviewFind, false);
    await expect.poll(async () => (await orderRow(orderId)).reviewerId).toBeNull();
    await moderatorReviewing(orderId);
  });

  it('a moderator away longer than the grace period loses the review; back in time, keeps it', async () => {
    const { orderId } = await orderInReview();
    const moderator = await moderatorReviewing(orderId);
    moderator.socket.disconnect();
    await expect.poll(async () => (await orderRow(orderId)).reviewHoldUntil).not.toBeNull();
    t.clock.advance((REVIEW_RELEASE_GRACE_SECONDS - 1) * 1000);
    await t.work.sweep();
    const back = await connectedSocket(t, moderator.client);
    const again = nextEvent<StaffOrder>(back, SocketEvent.orderForReview);
    back.emit(SocketEvent.reviewFind, true);
    expect((await again)._id).toBe(orderId);

    back.disconnect();
    await expect.poll(async () => (await orderRow(orderId)).reviewHoldUntil).not.toBeNull();
    t.clock.advance(REVIEW_RELEASE_GRACE_SECONDS * 1000);
    await t.work.sweep();
    expect(await orderRow(orderId)).toMatchObject({
      reviewerId: null,
      condition: OrderCondition.resultReview,
    });
  });
});

describe('review calls', () => {
  it("approve delivers the designer's result (6) and records the designer's pay", async () => {
    const { orderId, changes, designer } = await orderInReview();
    const moderator = await moderatorReviewing(orderId);
    // The designer's "Заработано сегодня" follows: they are told their earnings changed (issue 21).
    const earnings = collectEvents(designer.socket, SocketEvent.earningsChanged);
    const answer = await moderator.client.post('/api/admin/orders/review/completed/resolve');
    expect(answer.body).toEqual({ message: ReviewText.approved });
    await expect.poll(() => earnings).toHaveLength(1);
    const row = await orderRow(orderId);
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(row).toMatchObject({
      condition: OrderCondition.done,
      reviewerId: null,
      tipExecutorId: designer.userId,
    });
    expect(row.finalPicture).toBe(attempt!.resultPicture);
    expect(attempt).toMatchObject({ reviewStatus: ReviewResult.approved, executorPay: row.costForExecutor });
    await expect.poll(() => changes.map((c) => c.condition)).toEqual([0, 1, 2, 6]);
    // A second approval has nothing to approve.
    expect((await moderator.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(409);
  });

  it('fix sends the marked-up picture and comment back to the same designer when free, else to the queue', async () => {
    const { orderId, designer } = await orderInReview();
    const moderator = await moderatorReviewing(orderId);
    const tooLong = imageForm(
      { data: JSON.stringify({ message: 'x'.repeat(501) }) },
      { image: { data: await png('#0000ff'), name: 'fix.png', type: 'image/png' } },
    );
    const refused = await moderator.client.post('/api/admin/orders/review/completed/rejection', tooLong);
    expect(refused.status).toBe(400);

    const back = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    const form = imageForm(
      { data: JSON.stringify({ message: 'Soften the shadow on the left' }) },
      { image: { data: await png('#0000ff'), name: 'fix.png', type: 'image/png' } },
    );
    const answer = await moderator.client.post('/api/admin/orders/review/completed/rejection', form);
    expect(answer.body).toEqual({ message: ReviewText.sentBack });
    const order = await back;
    expect(order.condition).toBe(OrderCondition.fixing);
    const review = order.processing.find((step) => step.review)?.review;
    expect(review?.result).toMatchObject({
      status: ReviewResult.fixed,
      message: 'Soften the shadow on the left',
    });
    expect(review?.result.picture).toBeTruthy();
    expect(await orderRow(orderId)).toMatchObject({
      condition: OrderCondition.fixing,
      executorId: designer.userId,
    });

    // The fixed result goes to review again (2); sent back while the designer is off duty, it is requeued.
    const result = imageForm({}, { image: { data: await png('#22aa22'), name: 'r.png', type: 'image/png' } });
    await designer.client.post('/api/admin/orders/executor/completed', result);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.resultReview);
    await designer.client.post('/api/executor/shift/toggle');
    const secondModerator = await moderatorReviewing(orderId);
    const again = imageForm(
      { data: JSON.stringify({ message: 'Still too dark' }) },
      { image: { data: await png('#0000ff'), name: 'fix.png', type: 'image/png' } },
    );
    await secondModerator.client.post('/api/admin/orders/review/completed/rejection', again);
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
  });

  it('agreeing with a refusal refuses the order (8) and returns exactly what it took', async () => {
    const { orderId, customer, customerSocket } = await orderInReview('refusal');
    const before = await balanceOf(customer.user._id);
    const moderator = await moderatorReviewing(orderId);
    expect(moderator.order.condition).toBe(OrderCondition.refusalReview);
    const balance = nextEvent<{ main: number; bonus: number }>(customerSocket, SocketEvent.balance);
    const answer = await moderator.client.post('/api/admin/orders/review/refuse/resolve');
    expect(answer.body).toEqual({ message: ReviewText.refusalAccepted });
    const row = await orderRow(orderId);
    expect(row.condition).toBe(OrderCondition.refused);
    expect(row.refuseReasonId).not.toBeNull();
    expect(await balanceOf(customer.user._id)).toEqual({
      main: before.main,
      bonus: before.bonus + teethCost,
    });
    expect(await balance).toEqual({ main: before.main, bonus: before.bonus + teethCost });
    const history = await customer.client.get(`/api/orders/order/${orderId}`);
    expect(history.body.refuseReason.title.user).toBeTruthy();
    // A second agreement refunds nothing more.
    expect((await moderator.client.post('/api/admin/orders/review/refuse/resolve')).status).toBe(409);
    expect(await balanceOf(customer.user._id)).toEqual({
      main: before.main,
      bonus: before.bonus + teethCost,
    });
  });

  it('agreeing with a refusal paid from both parts returns each part as it was taken; the ledger balances', async () => {
    // Bonus 1 and main 50: the order takes the bonus first, then the rest from main.
    const { orderId, customer } = await orderInReview('refusal', {
      main: 50,
      bonus: 1 - REGISTRATION_BONUS_TOKENS,
    });
    expect(await balanceOf(customer.user._id)).toEqual({ main: 50 - (teethCost - 1), bonus: 0 });
    const moderator = await moderatorReviewing(orderId);
    await moderator.client.post('/api/admin/orders/review/refuse/resolve');
    expect(await balanceOf(customer.user._id)).toEqual({ main: 50, bonus: 1 });
    const refund = await t.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.orderId, orderId), eq(tokenLedger.reason, LedgerReason.orderRefund)));
    expect(refund).toMatchObject([{ deltaMain: teethCost - 1, deltaBonus: 1 }]);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('agreeing with a refused revision says nothing was refunded, and refunds nothing', async () => {
    const { orderId, customer, designer } = await orderInReview();
    const first = await moderatorReviewing(orderId);
    await first.client.post('/api/admin/orders/review/completed/resolve');
    first.socket.disconnect();
    const back = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    await customer.client.post(`/api/orders/refusal/${orderId}`, { message: 'Whiter, please' });
    await back;
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id });
    const before = await balanceOf(customer.user._id);
    const moderator = await moderatorReviewing(orderId);
    expect(moderator.order.condition).toBe(OrderCondition.refusalReview);

    const answer = await moderator.client.post('/api/admin/orders/review/refuse/resolve');

    expect(answer.body).toEqual({ message: ReviewText.revisionRefusalAccepted });
    expect(answer.body.message).not.toMatch(/возвращены/);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.done);
    expect(await balanceOf(customer.user._id)).toEqual(before);
  });

  it('disagreeing with a refusal requeues the order for another designer', async () => {
    const { orderId, designer } = await orderInReview('refusal');
    const moderator = await moderatorReviewing(orderId);
    // The result calls do not fit a refusal.
    expect((await moderator.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(409);
    const answer = await moderator.client.post('/api/admin/orders/review/refuse/rejection');
    expect(answer.body).toEqual({ message: ReviewText.refusalRejected });
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, reviewerId: null });
    const offered = collectEvents<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    designer.socket.emit(SocketEvent.executorFind, true);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, designer.userId)))
            .length,
      )
      .toBe(1);
    expect(offered).toEqual([]);
  });

  it('are refused without cabinetModer', async () => {
    const [designer] = await createStaff(t);
    expect((await designer!.client.post('/api/admin/orders/review/completed/resolve')).status).toBe(403);
    expect((await designer!.client.post('/api/admin/orders/review/refuse/rejection')).status).toBe(403);
  });
});

describe("a designer's edit of the services, as the moderator sees it", () => {
  const CHANGE = '/api/admin/orders/executor/change/order';

  it('is null for an order whose services nobody changed', async () => {
    const { orderId } = await orderInReview();
    const moderator = await moderatorReviewing(orderId);
    expect(moderator.order.servicesEdited).toBeNull();
  });

  it('sets the services and pay as sent beside those of now, on the order handed and held', async () => {
    const service = await catalogServices(t);
    const tattoo = service('Tattoo removal');
    const teeth = service('Teeth whitening');
    const designer = await onDuty((await createStaff(t))[0]!);
    const received = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    designer.socket.emit(SocketEvent.executorFind, true);
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, tattoo._id);
    await received;
    const entry = (id: string, status: boolean) => ({ id, isOptional: false, status, degreeAction: [] });
    const edit = { persons: [{ id: 'photo', orders: [entry(tattoo._id, false), entry(teeth._id, true)] }] };
    expect((await designer.client.patch(CHANGE, edit)).status).toBe(200);
    const form = imageForm({}, { image: { data: await png('#aa3355'), name: 'r.png', type: 'image/png' } });
    expect((await designer.client.post('/api/admin/orders/executor/completed', form)).status).toBe(200);

    const moderator = await moderatorReviewing(orderId);

    // The seeded catalogue pays 2 for a tattoo removal and 1 for teeth whitening.
    const counted = (offer: typeof tattoo, admin: string, designerPrice: number) => ({
      _id: offer._id,
      serviceId: offer._id,
      isOptional: false,
      title: { admin, user: offer.title.user },
      degreeAction: [],
      designerPrice,
    });
    const asSent = counted(tattoo, 'Удаление татуировки', 2);
    const now = counted(teeth, 'Отбеливание зубов', 1);
    const edited = {
      asSent: { pay: 2, persons: [{ id: 'photo', services: [asSent] }] },
      now: { pay: 1, persons: [{ id: 'photo', services: [now] }] },
    };
    expect(moderator.order.servicesEdited).toEqual(edited);
    expect(moderator.order.finance.costForExecutor).toBe(1);
    // The moderator back from a reload is handed the same view.
    moderator.socket.disconnect();
    const back = await connectedSocket(t, moderator.client);
    const again = nextEvent<StaffOrder>(back, SocketEvent.orderForReview);
    back.emit(SocketEvent.reviewFind, true);
    expect((await again).servicesEdited).toEqual(edited);
  });
});

describe('a fix that fails after its picture is stored', () => {
  /** A fix sent back by calling the service with these deps; the call fails. */
  async function sendBackFailing(overrides: Partial<ReviewDeps>) {
    const { orderId } = await orderInReview();
    const moderator = await moderatorReviewing(orderId);
    const deps: ReviewDeps = {
      db: t.db,
      storage: createLocalStorage(path.join(t.config.DATA_DIR, 'files')),
      now: () => t.clock.now(),
      events: quietEvents,
      ...overrides,
    };
    const failed = await sendBackResult(deps, moderator.userId, await png('#0000ff'), {
      message: 'Soften the shadow',
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    const folder = path.join(t.config.DATA_DIR, 'files', 'orders', orderId);
    const pictures = (await readdir(folder)).filter((name) => name.startsWith('review-'));
    return { failed, order: await orderRow(orderId), pictures };
  }
  const sendBackLosingCommit = async (commits: boolean) => {
    const sent = await sendBackFailing({ db: databaseLosingCommit(t.db, { commits, reachable: true }) });
    expect(isDatabaseUnavailable(sent.failed)).toBe(true);
    return sent;
  };

  it("keeps the moderator's picture of a fix whose COMMIT went through", async () => {
    const { order, pictures } = await sendBackLosingCommit(true);
    expect(order.condition).toBe(OrderCondition.fixing);
    expect(pictures).toHaveLength(1);
  });

  it("removes the moderator's picture of a fix whose COMMIT did not go through", async () => {
    const { order, pictures } = await sendBackLosingCommit(false);
    expect(order.condition).toBe(OrderCondition.resultReview);
    expect(pictures).toEqual([]);
  });

  it("keeps the moderator's picture of a committed fix whose announcement failed", async () => {
    const events = {
      publish: () => {
        throw new Error('the realtime layer is down');
      },
    };
    const { order, pictures } = await sendBackFailing({ events });
    expect(order.condition).toBe(OrderCondition.fixing);
    expect(pictures).toHaveLength(1);
  });
});

describe('after delivery', () => {
  async function delivered() {
    const inReview = await orderInReview();
    const moderator = await moderatorReviewing(inReview.orderId);
    await moderator.client.post('/api/admin/orders/review/completed/resolve');
    return inReview;
  }

  it('a revision goes to the designer of the result when free (5), then back to review', async () => {
    const { orderId, customer, designer } = await delivered();
    const back = nextEvent<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    const answer = await customer.client.post(`/api/orders/refusal/${orderId}`, {
      message: 'Whiter, please',
    });
    expect(answer.status).toBe(200);
    const order = await back;
    expect(order.condition).toBe(OrderCondition.revision);
    expect(order.processing.some((step) => step.client?.message === 'Whiter, please')).toBe(true);
    const result = imageForm({}, { image: { data: await png('#eeeeee'), name: 'r.png', type: 'image/png' } });
    await designer.client.post('/api/admin/orders/executor/completed', result);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.resultReview);
  });

  it('a revision waits in the queue when the designer is busy or off duty', async () => {
    const { orderId, customer, designer } = await delivered();
    await designer.client.post('/api/executor/shift/toggle');
    await customer.client.post(`/api/orders/refusal/${orderId}`, { message: 'Again' });
    expect(await orderRow(orderId)).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
  });

  it('a tip credits the designer of the delivered result, once', async () => {
    const { orderId, customer, designer } = await delivered();
    const before = await balanceOf(designer.userId);
    const tip = await customer.client.post(`/api/orders/order/${orderId}/tip`, { data: { amount: 5 } });
    expect(tip.status).toBe(200);
    expect(await balanceOf(designer.userId)).toEqual({ main: before.main + 5, bonus: before.bonus });
    const again = await customer.client.post(`/api/orders/order/${orderId}/tip`, { data: { amount: 5 } });
    expect(again.status).toBe(409);
    expect(await balanceOf(designer.userId)).toEqual({ main: before.main + 5, bonus: before.bonus });
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.tipExecutorId, designer.userId)));
    expect(row?.tippedAt).not.toBeNull();
  });
});
