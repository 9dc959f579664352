import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import { OrderText, type OrderSubmit } from '@retouch/shared/orders';
import { LedgerReason, orderItems, orderPersons, orders, tokenLedger } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import { serverWithFailingStorage } from '../../../test/failing-storage';
import { findLedgerMismatches } from '../ledger/ledger.repository';
import { OrderServerText } from './order-pricing';
import { OrderCreateText } from './orders.service';

let t: TestApp;
let catalog: PublicService[];
const service = (title: string) => catalog.find((s) => s.title.user === title)!;

beforeAll(async () => {
  t = await createTestApp();
  catalog = ((await t.client().get('/api/services')).body as PublicGroup[]).flatMap((group) => group.list);
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .png()
    .toBuffer();

async function orderForm(
  data: OrderSubmit | Record<string, unknown>,
  pictures: { original?: boolean; additional?: Buffer } = {},
) {
  const files: Record<string, { data: Buffer; name: string; type: string }> = {};
  if (pictures.original !== false)
    files.original = { data: await png(64, 48), name: 'photo.png', type: 'image/png' };
  files.draft = { data: await png(70, 40), name: 'draft.png', type: 'image/png' };
  if (pictures.additional)
    files.additional = { data: pictures.additional, name: 'face.png', type: 'image/png' };
  return imageForm({ data: JSON.stringify(data) }, files);
}

const single = (entries: OrderSubmit['order']['persons'][number]['orders'], message = '') => ({
  order: { persons: [{ id: 'photo', orders: entries }], message },
});

async function send(client: TestClient, data: OrderSubmit | Record<string, unknown>, pictures = {}) {
  return client.post('/api/orders/create', await orderForm(data, pictures));
}

describe('POST /api/orders/create', () => {
  it('prices the order from the catalogue, ignores a client cost, and charges bonus first', async () => {
    const { client } = await signUpCustomer(t);
    const skin = service('Skin retouch');
    const eyes = service('Eyes');
    const whiten = eyes.optional.find((o) => o.title.user === 'Whiten the whites')!;
    const data = {
      cost: 1,
      order: {
        persons: [
          { id: 'photo', orders: [{ id: skin._id, degreeAction: [], isOptional: false }] },
          { id: 'Person 1', orders: [{ id: eyes._id }, { id: whiten._id, isOptional: true }] },
        ],
        message: 'Please keep the freckles',
      },
    };
    const answer = await send(client, data);
    expect(answer.status).toBe(201);
    const expectedCost = skin.cost + eyes.cost + whiten.cost;
    expect(answer.body).toMatchObject({
      cost: expectedCost,
      executionTime: 10 + skin.executionTime + eyes.executionTime + whiten.executionTime,
      condition: 0,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, answer.body._id));
    expect(row).toMatchObject({
      chargedBonus: expectedCost,
      chargedMain: 0,
      message: 'Please keep the freckles',
      costForExecutor: 4,
    });
    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 - expectedCost });
    const ledger = await t.db.select().from(tokenLedger).where(eq(tokenLedger.orderId, answer.body._id));
    expect(ledger).toMatchObject([
      { reason: LedgerReason.orderCharge, deltaMain: 0, deltaBonus: -expectedCost },
    ]);

    const persons = await t.db.select().from(orderPersons).where(eq(orderPersons.orderId, answer.body._id));
    expect(persons.map((p) => p.name).sort()).toEqual(['Person 1', 'photo']);
    const photoItems = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.personId, persons.find((p) => p.name === 'photo')!.id));
    const defaultDegree = skin.degreeAction.find((d) => d.default)!._id;
    expect(photoItems).toMatchObject([{ serviceId: skin._id, degreeIds: [defaultDegree], cost: skin.cost }]);
    for (const picture of [row!.original, row!.draft, row!.originalThumb]) {
      expect((await client.get(picture)).status).toBe(200);
      // Only the customer and the staff read an order's pictures (docs/decisions/0017).
      expect((await fetch(`${t.baseUrl}${picture}`)).status).toBe(404);
    }
  });

  it.each([
    [
      'no photo',
      () => single([{ id: service('Teeth whitening')._id }]),
      { original: false },
      OrderText.uploadPhotoFirst,
    ],
    ['no services', () => single([]), {}, OrderText.noServices],
    [
      'eleven persons',
      () => ({ order: { persons: Array.from({ length: 11 }, (_, i) => ({ id: `P${i}`, orders: [] })) } }),
      {},
      OrderText.maxPersons,
    ],
    [
      'a single-use service twice',
      () => single([{ id: service('Teeth whitening')._id }, { id: service('Teeth whitening')._id }]),
      {},
      OrderServerText.serviceRepeated,
    ],
    [
      'an option without its service',
      () => single([{ id: service('Eyes').optional[0]!._id, isOptional: true }]),
      {},
      OrderServerText.optionWithoutService,
    ],
    [
      'a face swap without the face photo',
      () => single([{ id: service('Face swap')._id }]),
      {},
      OrderText.faceImageRequired,
    ],
    [
      'an unknown service',
      () => single([{ id: '7c1e9f7e-5b7a-4c39-9d6e-2f1f7a4b9a11' }]),
      {},
      OrderServerText.serviceUnavailable,
    ],
  ])('refuses %s with its text and charges nothing', async (_name, data, pictures, message) => {
    const { client } = await signUpCustomer(t);
    expect(await send(client, data(), pictures)).toMatchObject({ status: 400, body: { message } });
    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });
  });

  it('refuses a face photo larger than 2000 x 2000', async () => {
    const { client } = await signUpCustomer(t);
    const answer = await send(client, single([{ id: service('Face swap')._id }]), {
      additional: await png(2100, 50),
    });
    expect(answer).toMatchObject({ status: 400, body: { message: OrderText.faceImageTooLarge } });
  });

  it('accepts a multi service several times', async () => {
    const { client } = await signUpCustomer(t);
    const tattoo = service('Tattoo removal');
    const answer = await send(client, single([{ id: tattoo._id }, { id: tattoo._id }]));
    expect(answer.body.cost).toBe(tattoo.cost * 2);
  });

  it('needs a session and a balance above 10 that covers the cost', async () => {
    expect((await send(t.client(), single([{ id: service('Teeth whitening')._id }]))).status).toBe(401);
    const { client } = await signUpCustomer(t);
    const swap = service('Face swap');
    const tooDear = single([
      { id: swap._id },
      { id: service('Skin retouch')._id },
      { id: service('Teeth whitening')._id },
    ]);
    expect(await send(client, tooDear, { additional: await png(100, 100) })).toMatchObject({
      status: 402,
      body: { message: OrderCreateText.insufficientFunds },
    });
  });

  it("refuses with the editor's insufficient-funds text: from 11 tokens, as the rule says", async () => {
    const { client } = await signUpCustomer(t);
    // 10 + 5 + 6 = 21 tokens against the 20 of the trial bonus.
    const tooDear = single([
      { id: service('Body shaping')._id },
      { id: service('Skin retouch')._id },
      { id: service('Tattoo removal')._id },
    ]);
    const answer = await send(client, tooDear);
    expect(answer).toMatchObject({ status: 402, body: { message: OrderText.insufficientFunds } });
  });

  it('sends exactly as many of 50 simultaneous orders as the balance allows', async () => {
    const { client, user } = await signUpCustomer(t);
    const teeth = service('Teeth whitening');
    const form = await orderForm(single([{ id: teeth._id }]));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.post('/api/orders/create', form)),
    );
    // 20 bonus tokens; sending needs more than 10: 20 -> 18 -> 16 -> 14 -> 12 -> 10.
    const expected = Math.ceil((20 - 10) / teeth.cost);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(expected);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 402)).toBe(true);
    const placed = await t.db.select().from(orders).where(eq(orders.userId, user._id));
    expect(placed).toHaveLength(expected);
    expect((await client.get('/api/user/info')).body.balance).toEqual({
      main: 0,
      bonus: 20 - expected * teeth.cost,
    });
  });
});

describe('a storage failure in the middle of a send', () => {
  it('charges nothing and leaves no file behind', async () => {
    const failing = await createTestApp();
    try {
      const server = await serverWithFailingStorage(failing);
      try {
        const { client } = await signUpCustomer(failing);
        const response = await fetch(`${server.baseUrl}/api/orders/create`, {
          method: 'POST',
          headers: { cookie: client.cookieHeader! },
          body: await orderForm(single([{ id: service('Teeth whitening')._id }])),
        });
        expect(response.status).toBe(500);
        expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });
        expect(await server.orderFilesLeft()).toEqual([]);
        expect(await failing.db.select().from(orders)).toEqual([]);
      } finally {
        await server.close();
      }
    } finally {
      await failing.close();
    }
  });
});

describe('order history', () => {
  it('pages and sorts the customer’s own orders and resolves their entries', async () => {
    const { client } = await signUpCustomer(t);
    const teeth = service('Teeth whitening');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(60_000);
      ids.push((await send(client, single([{ id: teeth._id }]))).body._id);
    }
    const newest = await client.get('/api/orders/user/?limit=5&page=1');
    expect(newest.body.total).toBe(3);
    expect(newest.body.orders.map((o: { _id: string }) => o._id)).toEqual([...ids].reverse());
    const oldestFirst = await client.get('/api/orders/user/?limit=5&page=1&sortByDate=ASC');
    expect(oldestFirst.body.orders.map((o: { _id: string }) => o._id)).toEqual(ids);
    const secondPage = await t.client().get('/api/orders/user/?limit=5&page=2');
    expect(secondPage.status).toBe(401);
    expect((await client.get('/api/orders/user/?limit=7')).status).toBe(400);

    const detail = await client.get(`/api/orders/order/${ids[0]}`);
    expect(detail.body).toMatchObject({
      _id: ids[0],
      condition: 0,
      cost: teeth.cost,
      tip: 0,
      executionTime: 10 + teeth.executionTime,
      persons: [
        {
          id: 'photo',
          orders: [
            { _id: teeth._id, isOptional: false, title: { user: 'Teeth whitening' }, cost: teeth.cost },
          ],
        },
      ],
    });
    expect(detail.body.pictures.original).toMatch(/^\/api\/files\/orders\//);
  });

  it("answers 404 for another customer's order", async () => {
    const ann = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const placed = await send(ann.client, single([{ id: service('Teeth whitening')._id }]));
    expect((await bob.client.get(`/api/orders/order/${placed.body._id}`)).status).toBe(404);
    expect((await bob.client.get('/api/orders/user/')).body).toEqual({ orders: [], total: 0 });
  });
});

describe('POST /api/orders/order/{id}/tip', () => {
  it('takes the tip once, only at condition 6, and moves the order to 10', async () => {
    const { client, user } = await signUpCustomer(t);
    const placed = await send(client, single([{ id: service('Teeth whitening')._id }]));
    const tipUrl = `/api/orders/order/${placed.body._id}/tip`;
    expect((await client.post(tipUrl, { data: { amount: 5 } })).status).toBe(409);

    // Moderation is not built yet: the test moves the order to "done".
    await t.db.update(orders).set({ condition: 6 }).where(eq(orders.id, placed.body._id));
    expect(await client.post(tipUrl, { data: { amount: 0 } })).toMatchObject({
      status: 400,
      body: { message: OrderText.tipPositive },
    });
    expect(await client.post(tipUrl, { data: {} })).toMatchObject({
      status: 400,
      body: { message: OrderText.tipRequired },
    });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post(tipUrl, { data: { amount: 5 } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    const detail = (await client.get(`/api/orders/order/${placed.body._id}`)).body;
    expect(detail).toMatchObject({ condition: 10, tip: 5 });
    expect((await client.get('/api/user/info')).body.balance).toEqual({
      main: 0,
      bonus: 20 - placed.body.cost - 5,
    });
    const tips = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, user._id));
    expect(tips.filter((row) => row.reason === LedgerReason.tip)).toHaveLength(1);
  });
});

describe('POST /api/orders/refusal/{id} (revision request)', () => {
  it('needs a message of at most 400 characters and a finished order, and records the request once', async () => {
    const { client } = await signUpCustomer(t);
    const placed = await send(client, single([{ id: service('Teeth whitening')._id }]));
    const url = `/api/orders/refusal/${placed.body._id}`;
    expect(await client.post(url, { message: '' })).toMatchObject({
      status: 400,
      body: { message: OrderText.revisionRequired },
    });
    expect((await client.post(url, { message: 'x'.repeat(401) })).status).toBe(400);
    expect((await client.post(url, { message: 'Softer please' })).status).toBe(409);

    await t.db.update(orders).set({ condition: 6 }).where(eq(orders.id, placed.body._id));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post(url, { message: 'Softer please' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const detail = (await client.get(`/api/orders/order/${placed.body._id}`)).body;
    expect(detail.condition).toBe(7);
    expect(detail.processing).toEqual([{ client: { message: 'Softer please' } }]);

    const other = await signUpCustomer(t);
    expect((await other.client.post(url, { message: 'mine now' })).status).toBe(404);
  });
});
