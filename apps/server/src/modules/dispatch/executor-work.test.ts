import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DispatchText, ExecutorResult, type StaffOrder } from '@retouch/shared/dispatch';
import type { PublicService } from '@retouch/shared/catalog';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { isDatabaseUnavailable } from '../../db/errors';
import { orderProcessing, orders, refusalReasons } from '../../db/schema/index';
import { createLocalStorage } from '../../storage/local-storage';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import { databaseLosingCommit, quietEvents } from '../../../test/lost-commit';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';
import { completeOrder } from './executor-work.service';

let t: TestApp;
let service: (title: string) => PublicService;

beforeAll(async () => {
  t = await createTestApp();
  service = await catalogServices(t);
});
afterAll(() => t.close());

/** A designer on duty holding a fresh order of the given service; the customer listens on a socket. */
async function designerHolding(serviceTitle = 'Teeth whitening') {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const socket = await connectedSocket(t, designer!.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
  socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  const customerSocket = await connectedSocket(t, customer.client);
  const changes = collectEvents<{ condition: number }>(customerSocket, SocketEvent.changeOrders);
  const orderId = await placeOrder(customer.client, service(serviceTitle)._id);
  const order = await received;
  expect(order._id).toBe(orderId);
  return { designer: designer!, socket, orderId, order, changes };
}

const result = (data: Buffer, name = 'result.jpg', type = 'image/jpeg') =>
  imageForm({}, { image: { data, name, type } });
const resultJpeg = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .jpeg()
    .toBuffer();

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function filesOf(orderId: string) {
  return readdir(path.join(t.config.DATA_DIR, 'files', 'orders', orderId)).catch(() => [] as string[]);
}

describe('POST /api/admin/orders/executor/completed', () => {
  it('sends the result to review: condition 2, the attempt completed with its picture', async () => {
    const { designer, orderId, changes } = await designerHolding();
    const answer = await designer.client.post(
      '/api/admin/orders/executor/completed',
      result(await resultJpeg()),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: DispatchText.orderSent });
    expect(await orderRow(orderId)).toMatchObject({
      condition: OrderCondition.resultReview,
      executorId: null,
    });
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(attempt).toMatchObject({ resultStatus: ExecutorResult.completed, executorId: designer.userId });
    expect(attempt!.dateEnd).not.toBeNull();
    expect((await designer.client.get(attempt!.resultPicture!)).status).toBe(200);
    await expect.poll(() => changes.map((change) => change.condition)).toEqual([0, 1, 2]);
    // Nothing is held any more: a second send has no order.
    const again = await designer.client.post(
      '/api/admin/orders/executor/completed',
      result(await resultJpeg()),
    );
    expect(again.status).toBe(409);
  });

  it('needs an image, checks it by content and leaves no file behind', async () => {
    const { designer, orderId } = await designerHolding();
    const before = await filesOf(orderId);
    const none = await designer.client.post('/api/admin/orders/executor/completed', imageForm({}, {}));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(DispatchText.imageMissing);
    const fake = await designer.client.post(
      '/api/admin/orders/executor/completed',
      result(Buffer.from('not a picture at all'), 'result.jpg'),
    );
    expect(fake.status).toBe(400);
    expect(await filesOf(orderId)).toEqual(before);
    expect((await orderRow(orderId)).condition).toBe(OrderCondition.inWork);
  });

  it('is refused to a customer', async () => {
    const { client } = await signUpCustomer(t);
    const answer = await client.post('/api/admin/orders/executor/completed', result(await resultJpeg()));
    expect(answer.status).toBe(403);
  });
});

describe('a connection lost while a result commits', () => {
  async function completeLosingCommit(commits: boolean) {
    const { designer, orderId } = await designerHolding();
    const deps = {
      db: databaseLosingCommit(t.db, { commits, reachable: true }),
      now: () => t.clock.now(),
      events: quietEvents,
      storage: createLocalStorage(path.join(t.config.DATA_DIR, 'files')),
    };
    const failed = await completeOrder(deps, designer.userId, await resultJpeg()).catch(
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    const results = (await filesOf(orderId)).filter((name) => name.startsWith('result-'));
    return { order: await orderRow(orderId), results };
  }

  it('keeps the picture of a result whose COMMIT went through', async () => {
    const { order, results } = await completeLosingCommit(true);
    expect(order.condition).toBe(OrderCondition.resultReview);
    expect(results).toHaveLength(1);
  });

  it('removes the picture of a result whose COMMIT did not go through', async () => {
    const { order, results } = await completeLosingCommit(false);
    expect(order.condition).toBe(OrderCondition.inWork);
    expect(results).toEqual([]);
  });
});

describe('POST /api/admin/orders/executor/refuse', () => {
  it('sends the refusal with its reason to review (condition 3)', async () => {
    const { designer, orderId, changes } = await designerHolding();
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    const missing = await designer.client.post('/api/admin/orders/executor/refuse', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(DispatchText.reasonMissing);

    const answer = await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id });
    expect(answer.body).toEqual({ message: DispatchText.orderRefused });
    expect(await orderRow(orderId)).toMatchObject({
      condition: OrderCondition.refusalReview,
      executorId: null,
    });
    const [attempt] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(attempt).toMatchObject({ resultStatus: ExecutorResult.refused, resultReasonId: reason!.id });
    await expect.poll(() => changes.map((change) => change.condition)).toEqual([0, 1, 3]);
  });

  it('is not sent with a reason created empty and not titled yet: no reason chosen, the order stays in work', async () => {
    const { designer, orderId } = await designerHolding();
    const [untitled] = await t.db
      .insert(refusalReasons)
      .values({ titleAdmin: 'Без EN', titleUser: '' })
      .returning();
    const answer = await designer.client.post('/api/admin/orders/executor/refuse', { _id: untitled!.id });
    expect(answer).toMatchObject({ status: 400, body: { message: DispatchText.reasonMissing } });
    expect(await orderRow(orderId)).toMatchObject({
      condition: OrderCondition.inWork,
      executorId: designer.userId,
    });
  });
});

describe('PATCH /api/admin/orders/executor/change/order', () => {
  const body = (orders: Array<Record<string, unknown>>) => ({ persons: [{ id: 'photo', orders }] });

  it('adds a service only with its option and degree, recomputes the pay and never the cost', async () => {
    const { designer, orderId, order } = await designerHolding();
    // Charged as a dearer order: what is added stays within the pay as charged (an edit never pays
    // more: docs/decisions/0047, tested in designer-edits.test.ts).
    const charged = { cost: 10, payAsSent: 10 };
    await t.db.update(orders).set(charged).where(eq(orders.id, orderId));
    const teeth = service('Teeth whitening');
    const eyes = service('Eyes');
    const whiten = eyes.optional[0]!;
    const degree = eyes.degreeAction[0]!;
    const kept = { id: teeth._id, isOptional: false, status: true, degreeAction: [] };

    const noOption = await designer.client.patch(
      '/api/admin/orders/executor/change/order',
      body([kept, { id: eyes._id, degreeAction: [degree._id] }]),
    );
    expect(noOption.status).toBe(400);
    expect(noOption.body.message).toBe(DispatchText.cannotAddService);
    const noDegree = await designer.client.patch(
      '/api/admin/orders/executor/change/order',
      body([kept, { id: eyes._id }, { id: whiten._id, isOptional: true }]),
    );
    expect(noDegree.body.message).toBe(DispatchText.cannotAddService);

    const added = await designer.client.patch(
      '/api/admin/orders/executor/change/order',
      body([kept, { id: eyes._id, degreeAction: [degree._id] }, { id: whiten._id, isOptional: true }]),
    );
    expect(added.status).toBe(200);
    const entries = (added.body.order as StaffOrder).persons[0]!.orders;
    expect(entries.map((entry) => [entry._id, entry.active, entry.edited])).toEqual([
      [teeth._id, true, false],
      [eyes._id, true, true],
      [whiten._id, true, true],
    ]);
    const row = await orderRow(orderId);
    expect(row.cost).toBe(charged.cost);
    expect(row.costForExecutor).toBe(order.finance.costForExecutor + sum(entries.slice(1)));
  });

  it('a service left out or switched off no longer pays', async () => {
    const { designer, orderId } = await designerHolding();
    const teeth = service('Teeth whitening');
    const answer = await designer.client.patch(
      '/api/admin/orders/executor/change/order',
      body([{ id: teeth._id, status: false }]),
    );
    expect(answer.status).toBe(200);
    expect((answer.body.order as StaffOrder).persons[0]!.orders[0]).toMatchObject({
      active: false,
      edited: true,
    });
    expect((await orderRow(orderId)).costForExecutor).toBe(0);
  });

  it('needs an order in work', async () => {
    const [designer] = await createStaff(t);
    const answer = await designer!.client.patch('/api/admin/orders/executor/change/order', body([]));
    expect(answer.status).toBe(409);
  });
});

const sum = (entries: StaffOrder['persons'][number]['orders']) =>
  entries.reduce((total, entry) => total + entry.designerPrice, 0);
