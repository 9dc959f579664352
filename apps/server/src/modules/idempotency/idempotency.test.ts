import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { IDEMPOTENT_REPLAYED_HEADER, IdempotencyText } from '@retouch/shared/http';
import type { Product } from '@retouch/shared/payments';
import { isDatabaseUnavailable } from '../../db/errors';
import {
  LedgerReason,
  idempotentRequests,
  orderProcessing,
  orders,
  payments,
  tokenLedger,
  type LedgerReasonValue,
} from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from '../../../test/test-app';
import { adjustBalance, imageForm, signUpCustomer } from '../../../test/fixtures';
import { databaseLosingCommit, quietEvents } from '../../../test/lost-commit';
import { catalogServices, createStaff } from '../../../test/staff-fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';
import { checkOrderSend, sendOrderOnce } from '../orders/orders.service';
import { startCardPayment, type PaymentsDeps } from '../payments/payments.service';
import {
  IdempotentScope,
  answerOnce,
  idempotentRequest,
  removeOldIdempotentRequests,
} from './idempotency.service';

/** Simultaneous sends with one key in the race tests. */
const RACERS = 5;

let t: TestApp;
let teeth: { _id: string; cost: number };
let eyes: { _id: string };
let pack: Product;

beforeAll(async () => {
  t = await createTestApp();
  const service = await catalogServices(t);
  teeth = service('Teeth whitening');
  eyes = service('Eyes');
  pack = ((await t.client().get('/api/products')).body as Product[])[0]!;
});
afterAll(async () => {
  // Whatever this file did, every balance still equals its ledger.
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const replayed = (answer: TestResponse) => answer.headers.get(IDEMPOTENT_REPLAYED_HEADER);

let picture: Promise<Buffer> | undefined;
const orderData = (serviceId: string) => ({
  order: { persons: [{ id: 'photo', orders: [{ id: serviceId }] }], message: 'Keep it natural' },
});

async function sendOrder(client: TestClient, key: string | undefined, serviceId = teeth._id) {
  picture ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .png()
    .toBuffer();
  const image = await picture;
  const form = imageForm(
    { data: JSON.stringify(orderData(serviceId)) },
    {
      original: { data: image, name: 'photo.png', type: 'image/png' },
      draft: { data: image, name: 'draft.png', type: 'image/png' },
    },
  );
  return client.request('POST', '/api/orders/create', form, key ? withKey(key) : {});
}

/** A customer with 100 main tokens besides the 20 bonus ones. */
async function fundedCustomer() {
  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100, bonus: 0 });
  return customer;
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
const ledgerOf = (userId: string, reason: LedgerReasonValue) =>
  t.db
    .select()
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, reason)));
const balanceOf = async (client: TestClient) => (await client.get('/api/user/info')).body.balance;
const keysOf = (userId: string) =>
  t.db.select().from(idempotentRequests).where(eq(idempotentRequests.userId, userId));

/** Order ids of the folders under `orders/` in storage that hold files. */
async function orderFolders(): Promise<Set<string>> {
  const folders = new Set<string>();
  for await (const file of t.app.storage.list('orders/')) folders.add(file.key.split('/')[1]!);
  return folders;
}

function expectAllEqual(answers: TestResponse[], status: number) {
  for (const answer of answers) {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(answers[0]!.body);
  }
}

describe('POST /api/orders/create with an Idempotency-Key', () => {
  it('sends one order for a key sent twice: the same status and body, charged once', async () => {
    const { client, user } = await fundedCustomer();
    const key = randomUUID();
    const first = await sendOrder(client, key);
    const again = await sendOrder(client, key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(replayed(again)).toBe('true');
    expect((await ordersOf(user._id)).map((order) => order.id)).toEqual([first.body._id]);
    expect(await ledgerOf(user._id, LedgerReason.orderCharge)).toHaveLength(1);
    expect(await balanceOf(client)).toEqual(expectedBalance(teeth.cost));
  });

  it('answers a repeated send from its key without decoding its files, broken or large ones too', async () => {
    const { client, user } = await fundedCustomer();
    const key = randomUUID();
    const first = await sendOrder(client, key);
    const junk = randomBytes(8 * 1024 * 1024);
    const form = imageForm(
      { data: JSON.stringify(orderData(teeth._id)) },
      {
        original: { data: junk, name: 'photo.png', type: 'image/png' },
        draft: { data: junk, name: 'draft.png', type: 'image/png' },
      },
    );
    const again = await client.request('POST', '/api/orders/create', form, withKey(key));
    expect(again).toMatchObject({ status: 201, body: first.body });
    // The connection is still good for the next send.
    expect((await sendOrder(client, key)).status).toBe(201);
    expect(await ordersOf(user._id)).toHaveLength(1);
  });

  it('refuses the key with another order (422) and sends nothing more', async () => {
    const { client, user } = await fundedCustomer();
    const key = randomUUID();
    expect((await sendOrder(client, key)).status).toBe(201);
    expect(await sendOrder(client, key, eyes._id)).toMatchObject({
      status: 422,
      body: { message: IdempotencyText.keyReused },
    });
    expect(await ordersOf(user._id)).toHaveLength(1);
    expect(await balanceOf(client)).toEqual(expectedBalance(teeth.cost));
  });

  it("keeps one customer's key apart from another's", async () => {
    const ann = await fundedCustomer();
    const bob = await fundedCustomer();
    const key = randomUUID();
    const annOrder = await sendOrder(ann.client, key);
    const bobOrder = await sendOrder(bob.client, key);
    expect([annOrder.status, bobOrder.status]).toEqual([201, 201]);
    expect(bobOrder.body._id).not.toBe(annOrder.body._id);
    expect(replayed(bobOrder)).toBeNull();
    expect(await ordersOf(bob.user._id)).toHaveLength(1);
  });

  it('keeps nothing of a send that failed: its retry with the key is sent', async () => {
    const { client, user } = await signUpCustomer(t);
    await adjustBalance(t, user._id, { main: 0, bonus: -20 });
    const key = randomUUID();
    expect((await sendOrder(client, key)).status).toBe(402);
    expect(await keysOf(user._id)).toEqual([]);
    await adjustBalance(t, user._id, { main: 100, bonus: 0 });
    const retry = await sendOrder(client, key);
    expect(retry.status).toBe(201);
    expect(replayed(retry)).toBeNull();
    expect(await ordersOf(user._id)).toHaveLength(1);
  });

  it('refuses a malformed key (400) before anything is sent', async () => {
    const { client, user } = await fundedCustomer();
    for (const key of ['x'.repeat(256), 'clé']) {
      expect(await sendOrder(client, key)).toMatchObject({
        status: 400,
        body: { message: IdempotencyText.keyInvalid },
      });
    }
    expect(await ordersOf(user._id)).toEqual([]);
  });

  it(`makes one order and one charge of ${RACERS} simultaneous sends with one key, all answered alike`, async () => {
    const { client, user } = await fundedCustomer();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => sendOrder(client, key)));
    expectAllEqual(answers, 201);
    const made = await ordersOf(user._id);
    expect(made.map((order) => order.id)).toEqual([answers[0]!.body._id]);
    expect(await ledgerOf(user._id, LedgerReason.orderCharge)).toHaveLength(1);
    expect(await balanceOf(client)).toEqual(expectedBalance(teeth.cost));
    // The sends that lost the race removed the pictures they had stored.
    const existing = new Set((await t.db.select({ id: orders.id }).from(orders)).map((row) => row.id));
    expect([...(await orderFolders())].filter((folder) => !existing.has(folder))).toEqual([]);
  });

  it('answers the retry of a send whose COMMIT landed but whose answer was lost with that order, charged once', async () => {
    const { client, user } = await fundedCustomer();
    const key = randomUUID();
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const deps = {
      db: databaseLosingCommit(t.db, { commits: true, reachable: false }),
      storage: t.app.storage,
      now: () => t.clock.now(),
      events: quietEvents,
    };
    const send = await checkOrderSend(deps, user._id, key, orderData(teeth._id));
    if (send.replay) throw new Error('a fresh key has no answer');
    const files = new Map([
      ['original', image],
      ['draft', image],
    ]);
    const lost = await sendOrderOnce(deps, user._id, send, files).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(lost)).toBe(true);
    const [landed] = await ordersOf(user._id);

    const retry = await sendOrder(client, key);
    expect(retry).toMatchObject({ status: 201, body: { _id: landed!.id, cost: teeth.cost, condition: 0 } });
    expect(replayed(retry)).toBe('true');
    expect(await ordersOf(user._id)).toHaveLength(1);
    expect(await ledgerOf(user._id, LedgerReason.orderCharge)).toHaveLength(1);
  });
});

/** The balance of a funded customer (20 bonus + 100 main) after spending `spent`, bonus first. */
function expectedBalance(spent: number) {
  const fromBonus = Math.min(20, spent);
  return { main: 100 - (spent - fromBonus), bonus: 20 - fromBonus };
}

/** A funded customer's order, moved to "done" (6) as a moderator's approval would. */
async function doneOrder() {
  const customer = await fundedCustomer();
  const placed = await sendOrder(customer.client, undefined);
  await t.db.update(orders).set({ condition: 6 }).where(eq(orders.id, placed.body._id));
  return { ...customer, orderId: placed.body._id as string, cost: placed.body.cost as number };
}

describe('POST /api/orders/order/{id}/tip with an Idempotency-Key', () => {
  const tip = (client: TestClient, orderId: string, key: string, amount = 5) =>
    client.request('POST', `/api/orders/order/${orderId}/tip`, { data: { amount } }, withKey(key));

  it('tips once for a key sent twice: the same answer, one ledger entry each side', async () => {
    const { client, user, orderId, cost } = await doneOrder();
    const [designer] = await createStaff(t);
    await t.db.update(orders).set({ tipExecutorId: designer!.userId }).where(eq(orders.id, orderId));
    const key = randomUUID();
    const first = await tip(client, orderId, key);
    const again = await tip(client, orderId, key);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(replayed(again)).toBe('true');
    expect(await ledgerOf(user._id, LedgerReason.tip)).toHaveLength(1);
    expect(await ledgerOf(designer!.userId, LedgerReason.tipReceived)).toMatchObject([{ deltaMain: 5 }]);
    expect(await balanceOf(client)).toEqual(expectedBalance(cost + 5));
  });

  it('refuses the key with another amount or another order (422)', async () => {
    const { client, user, orderId } = await doneOrder();
    const other = await sendOrder(client, undefined);
    const key = randomUUID();
    expect((await tip(client, orderId, key)).status).toBe(200);
    for (const answer of [await tip(client, orderId, key, 6), await tip(client, other.body._id, key)]) {
      expect(answer).toMatchObject({ status: 422, body: { message: IdempotencyText.keyReused } });
    }
    expect(await ledgerOf(user._id, LedgerReason.tip)).toHaveLength(1);
  });

  it("keeps one customer's key apart from another's", async () => {
    const ann = await doneOrder();
    const bob = await doneOrder();
    const key = randomUUID();
    expect((await tip(ann.client, ann.orderId, key)).status).toBe(200);
    const bobs = await tip(bob.client, bob.orderId, key);
    expect(bobs.status).toBe(200);
    expect(replayed(bobs)).toBeNull();
    expect(await ledgerOf(bob.user._id, LedgerReason.tip)).toHaveLength(1);
  });

  it('keeps nothing of a tip refused in its transaction: its retry with the key runs', async () => {
    const { client, user } = await fundedCustomer();
    const placed = await sendOrder(client, undefined);
    const key = randomUUID();
    expect((await tip(client, placed.body._id, key)).status).toBe(409);
    expect(await keysOf(user._id)).toEqual([]);
    await t.db.update(orders).set({ condition: 6 }).where(eq(orders.id, placed.body._id));
    const retry = await tip(client, placed.body._id, key);
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBeNull();
    expect(await ledgerOf(user._id, LedgerReason.tip)).toHaveLength(1);
  });

  it(`takes one tip of ${RACERS} simultaneous sends with one key, all answered alike`, async () => {
    const { client, user, orderId, cost } = await doneOrder();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => tip(client, orderId, key)));
    expectAllEqual(answers, 200);
    expect(await ledgerOf(user._id, LedgerReason.tip)).toHaveLength(1);
    expect(await balanceOf(client)).toEqual(expectedBalance(cost + 5));
  });

  it('refuses a malformed key (400)', async () => {
    const { client, orderId } = await doneOrder();
    expect(await tip(client, orderId, '')).toMatchObject({
      status: 400,
      body: { message: IdempotencyText.keyInvalid },
    });
  });
});

describe('POST /api/orders/refusal/{id} with an Idempotency-Key', () => {
  const ask = (client: TestClient, orderId: string, key: string, message = 'Softer please') =>
    client.request('POST', `/api/orders/refusal/${orderId}`, { message }, withKey(key));
  const requestsOf = (orderId: string) =>
    t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));

  it('records one request for a key sent twice, with the same answer; another message is 422', async () => {
    const { client, orderId } = await doneOrder();
    const key = randomUUID();
    const first = await ask(client, orderId, key);
    const again = await ask(client, orderId, key);
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(replayed(again)).toBe('true');
    expect(await ask(client, orderId, key, 'Sharper please')).toMatchObject({
      status: 422,
      body: { message: IdempotencyText.keyReused },
    });
    expect(await requestsOf(orderId)).toMatchObject([{ kind: 'client', clientMessage: 'Softer please' }]);
  });

  it("keeps one customer's key apart from another's", async () => {
    const ann = await doneOrder();
    const bob = await doneOrder();
    const key = randomUUID();
    expect((await ask(ann.client, ann.orderId, key)).status).toBe(200);
    const bobs = await ask(bob.client, bob.orderId, key);
    expect(bobs.status).toBe(200);
    expect(replayed(bobs)).toBeNull();
    expect(await requestsOf(bob.orderId)).toHaveLength(1);
  });

  it(`records one request of ${RACERS} simultaneous sends with one key, all answered alike`, async () => {
    const { client, orderId } = await doneOrder();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => ask(client, orderId, key)));
    expectAllEqual(answers, 200);
    expect(await requestsOf(orderId)).toHaveLength(1);
  });
});

describe('POST /api/product/{id}/buy with an Idempotency-Key', () => {
  const buy = (client: TestClient, key: string, productId = pack._id) =>
    client.request('POST', `/api/product/${productId}/buy`, undefined, withKey(key));
  const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId));

  it('opens one payment for a key sent twice, with the same client secret; another key opens another', async () => {
    const { client, user } = await signUpCustomer(t);
    const key = randomUUID();
    const first = await buy(client, key);
    const again = await buy(client, key);
    expect(first).toMatchObject({ status: 200, body: { client_secret: expect.any(String) } });
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(replayed(again)).toBe('true');
    expect(await paymentsOf(user._id)).toMatchObject([{ clientSecret: first.body.client_secret }]);
    expect((await buy(client, randomUUID())).body.client_secret).not.toBe(first.body.client_secret);
    expect(await paymentsOf(user._id)).toHaveLength(2);
  });

  it("refuses the key for another package (422) and keeps one customer's key apart from another's", async () => {
    const ann = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const other = ((await t.client().get('/api/products')).body as Product[])[1]!;
    const key = randomUUID();
    expect((await buy(ann.client, key)).status).toBe(200);
    expect(await buy(ann.client, key, other._id)).toMatchObject({
      status: 422,
      body: { message: IdempotencyText.keyReused },
    });
    const bobs = await buy(bob.client, key);
    expect(bobs.status).toBe(200);
    expect(replayed(bobs)).toBeNull();
    expect(await paymentsOf(ann.user._id)).toHaveLength(1);
    expect(await paymentsOf(bob.user._id)).toHaveLength(1);
  });

  it('keeps nothing of a start the provider failed: no pending payment, and the retry opens one', async () => {
    const { client, user } = await signUpCustomer(t);
    const key = randomUUID();
    const deps: PaymentsDeps = {
      db: t.db,
      providers: {
        card: {
          name: 'sandbox',
          publicKey: 'sandbox',
          startCardPayment: () => Promise.reject(new Error('down')),
        },
        crypto: { name: 'sandbox', createInvoice: () => Promise.reject(new Error('down')) },
      },
      taxRate: 0,
      now: () => t.clock.now(),
      log: t.app.log,
      publishBalance: () => undefined,
    };
    const keyed = idempotentRequest(user._id, IdempotentScope.buy, key, [pack._id]);
    await expect(
      answerOnce(deps, keyed, 200, (once) => startCardPayment(deps, user._id, pack._id, once)),
    ).rejects.toThrow('down');
    expect(await paymentsOf(user._id)).toEqual([]);
    expect(await keysOf(user._id)).toEqual([]);
    const retry = await buy(client, key);
    expect(retry.status).toBe(200);
    expect(replayed(retry)).toBeNull();
    expect(await paymentsOf(user._id)).toHaveLength(1);
  });

  it(`opens one payment of ${RACERS} simultaneous sends with one key, all answered alike`, async () => {
    const { client, user } = await signUpCustomer(t);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: RACERS }, () => buy(client, key)));
    expectAllEqual(answers, 200);
    expect(await paymentsOf(user._id)).toHaveLength(1);
  });
});

describe('the keys kept', () => {
  it('are documented on the four sends in the OpenAPI document', async () => {
    const document = (await t.client().get('/api/docs/json')).body;
    for (const [path, method] of [
      ['/api/orders/create', 'post'],
      ['/api/orders/order/{id}/tip', 'post'],
      ['/api/orders/refusal/{id}', 'post'],
      ['/api/product/{id}/buy', 'post'],
    ] as const) {
      const header = document.paths[path][method].parameters.find(
        (parameter: { in: string }) => parameter.in === 'header',
      );
      expect(header, path).toMatchObject({ name: 'Idempotency-Key', required: false });
      expect(header.description).toContain('24 hours');
    }
  });

  it('are forgot after 24 hours: the same key then sends again', async () => {
    const { client, user } = await fundedCustomer();
    const key = randomUUID();
    const first = await sendOrder(client, key);
    const hours = (count: number) => new Date(t.clock.now().getTime() + count * 3_600_000);
    await removeOldIdempotentRequests(t.db, hours(23));
    expect(await keysOf(user._id)).toHaveLength(1);
    expect(await removeOldIdempotentRequests(t.db, hours(25))).toBeGreaterThanOrEqual(1);
    expect(await keysOf(user._id)).toEqual([]);
    const later = await sendOrder(client, key);
    expect(later.status).toBe(201);
    expect(later.body._id).not.toBe(first.body._id);
  });
});
