import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { OrderCondition } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema/index';
import {
  degrees,
  orderItems,
  orderPersons,
  orderProcessing,
  orders,
  refusalReasons,
  serviceOptions,
  services,
  shifts,
} from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff } from '../../../test/staff-fixtures';
import { estimateOrders } from '../eta/eta.service';
import { findUserOrder, historyQuerySchema, listUserOrders } from './order-history';
import { recordAllPersonsViews, recordPersonsView } from './order-history.repository';

// The history's exact answer for orders in every condition, pinned field by field and in key order:
// persons, entries with degrees and options, refusal reasons, steps, tips, revisions, expired pictures,
// estimates, ties in the sort, pages and both directions.

let t: TestApp;
let ann: TestClient;
let annId: string;
let expected: Array<Record<string, unknown>>;

const MINUTE = 60_000;
/** A degree id no degree has (a row removed by hand): its title is empty, as before. */
const UNKNOWN_DEGREE = '00000000-0000-4000-8000-0000000000dd';
const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function offer(title: string) {
  const [service] = await t.db.select().from(services).where(eq(services.titleUser, title));
  return service!;
}

beforeAll(async () => {
  t = await createTestApp();
  const customer = await signUpCustomer(t);
  ann = customer.client;
  annId = customer.user._id;
  const bob = await signUpCustomer(t);
  const [designer] = await createStaff(t);
  const designerId = designer!.userId;

  const teeth = await offer('Teeth whitening');
  const skin = await offer('Skin retouch');
  const eyes = await offer('Eyes');
  const [whiten] = await t.db
    .select()
    .from(serviceOptions)
    .where(and(eq(serviceOptions.serviceId, eyes.id), eq(serviceOptions.titleUser, 'Whiten the whites')));
  const [firstDegree, secondDegree] = await t.db.select().from(degrees).orderBy(degrees.titleUser).limit(2);
  const [reason, stepReason] = await t.db.select().from(refusalReasons).orderBy(refusalReasons.titleUser);

  // Whole seconds before now, then microseconds that the answer's milliseconds must cut, not round.
  const now = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000);
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const stamp = (date: Date, micros = 0): SQL =>
    sql`${date.toISOString()}::timestamptz + ${micros} * interval '1 microsecond'`;
  const iso = (date: Date, millis = 0) => new Date(date.getTime() + millis).toISOString();

  const files = (n: number) => ({
    original: `/api/files/orders/${orderId(n)}/original.jpg`,
    originalThumb: `/api/files/orders/${orderId(n)}/thumb.webp`,
    draft: `/api/files/orders/${orderId(n)}/draft.png`,
  });
  const insertOrder = (
    n: number,
    created: Date,
    micros: number,
    values: Partial<PgInsertValue<typeof orders>>,
  ) =>
    t.db.insert(orders).values({
      id: orderId(n),
      userId: customer.user._id,
      cost: 10 + n,
      chargedMain: 0,
      chargedBonus: 10 + n,
      costForExecutor: 3,
      executionTime: 20 + n,
      ...files(n),
      queuedAt: stamp(created, micros),
      createdAt: stamp(created, micros),
      ...values,
    });
  let personCount = 0;
  const insertPerson = async (n: number, name: string, position: number) => {
    personCount += 1;
    const id = `00000000-0000-4000-8001-${String(personCount).padStart(12, '0')}`;
    await t.db.insert(orderPersons).values({ id, orderId: orderId(n), name, position });
    await recordPersonsView(t.db, orderId(n));
    orderOfPerson.set(id, orderId(n));
    return id;
  };
  const orderOfPerson = new Map<string, string>();
  // Written as order creation and designer edits write them: the items, then the order's persons view.
  const insertItem = async (personId: string, values: Partial<typeof orderItems.$inferInsert>) => {
    await t.db.insert(orderItems).values({
      personId,
      serviceId: teeth.id,
      cost: teeth.cost,
      designerPrice: 1,
      executionTime: teeth.executionTime,
      position: 0,
      ...values,
    });
    await recordPersonsView(t.db, orderOfPerson.get(personId)!);
  };
  const teethEntry = {
    _id: teeth.id,
    // Customer side section 3: "each with a ref" (the service or option the entry names).
    ref: teeth.id,
    // Issue 36: the service an entry belongs to (itself for a service), so an option is shown under it.
    serviceId: teeth.id,
    isOptional: false,
    title: { user: teeth.titleUser },
    description: { user: teeth.descriptionUser },
    picture: teeth.pictureThumb,
    degreeAction: [],
    cost: teeth.cost,
    active: true,
    edited: false,
  };
  const teethOnly = async (n: number) => insertItem(await insertPerson(n, 'photo', 0), {});
  const pictures = (n: number, additional: string | null = null) => ({
    original: files(n).original,
    thumbnail: files(n).originalThumb,
    draft: files(n).draft,
    additional,
  });
  const present = (
    n: number,
    created: Date,
    millis: number,
    values: { condition: number } & Record<string, unknown>,
  ) => {
    const { condition, eta = null, message = '', finalPicture = null, ...rest } = values;
    return {
      _id: orderId(n),
      condition,
      createdAt: iso(created, millis),
      cost: 10 + n,
      tip: 0,
      executionTime: 20 + n,
      dateStart: null,
      eta,
      message,
      pictures: pictures(n),
      finalPicture,
      completed: { picture: finalPicture },
      picturesExpired: false,
      refuseReason: null,
      processing: [],
      currentProcessing: null,
      persons: [{ id: 'photo', orders: [teethEntry] }],
      ...rest,
    };
  };

  // 1. Waiting for a designer; one designer is on shift, so it has an estimate.
  await t.db.insert(shifts).values({ userId: designerId, startedAt: minutesAgo(600) });
  await insertOrder(1, minutesAgo(10), 999_999, { condition: OrderCondition.new });
  await teethOnly(1);

  // 2. Held by the designer since 5 minutes, a time extension taken: the attempt a revision started, its
  // message written in the same transaction (the same time; ids that would put the attempt first).
  await insertOrder(2, minutesAgo(20), 1, {
    condition: OrderCondition.inWork,
    executorId: designerId,
    dateStart: stamp(minutesAgo(5), 500),
  });
  await teethOnly(2);
  await t.db.insert(orderProcessing).values([
    {
      id: '00000000-0000-4000-8003-000000000001',
      orderId: orderId(2),
      kind: 'executor',
      executorId: designerId,
      dateStart: minutesAgo(5),
      deadlineAt: minutesAgo(-30),
      timeExtension: true,
      createdAt: minutesAgo(5),
    },
    {
      id: '00000000-0000-4000-8003-000000000002',
      orderId: orderId(2),
      kind: 'client',
      clientMessage: 'Brighter, please',
      createdAt: minutesAgo(5),
    },
  ]);

  // 3. Its result in review.
  await insertOrder(3, minutesAgo(30), 0, { condition: OrderCondition.resultReview });
  await teethOnly(3);
  await t.db.insert(orderProcessing).values({
    orderId: orderId(3),
    kind: 'executor',
    executorId: designerId,
    dateStart: minutesAgo(29),
    dateEnd: minutesAgo(2),
    resultStatus: 1,
    resultPicture: '/api/files/orders/3/result.jpg',
    createdAt: minutesAgo(29),
  });

  // 4. A revision asked (a message, and an empty one), back in the designers' queue.
  await insertOrder(4, minutesAgo(40), 0, {
    condition: OrderCondition.requeued,
    finalPicture: '/api/files/orders/4/final.jpg',
  });
  await teethOnly(4);
  await t.db.insert(orderProcessing).values([
    {
      orderId: orderId(4),
      kind: 'executor',
      executorId: designerId,
      dateStart: minutesAgo(39),
      dateEnd: minutesAgo(30),
      resultStatus: 1,
      createdAt: minutesAgo(39),
    },
    { orderId: orderId(4), kind: 'client', clientMessage: 'Softer please', createdAt: minutesAgo(20) },
    { orderId: orderId(4), kind: 'client', clientMessage: null, createdAt: minutesAgo(15) },
  ]);

  // 5. Done and tipped.
  await insertOrder(5, minutesAgo(50), 0, {
    condition: OrderCondition.doneTipped,
    finalPicture: '/api/files/orders/5/final.jpg',
    tip: 25,
    tippedAt: minutesAgo(45),
    tipExecutorId: designerId,
  });
  await teethOnly(5);

  // 6. Done: two persons, degrees in their order (one unknown), an option, an inactive and an edited entry.
  await insertOrder(6, minutesAgo(60), 123_456, {
    condition: OrderCondition.done,
    finalPicture: '/api/files/orders/6/final.jpg',
    dateStart: minutesAgo(59),
    message: 'Please keep the freckles',
  });
  // Person 1 is written first and placed second: the answer follows the positions.
  const person = await insertPerson(6, 'Person 1', 1);
  const photo = await insertPerson(6, 'photo', 0);
  await insertItem(photo, {
    serviceId: skin.id,
    cost: skin.cost,
    degreeIds: [secondDegree!.id, UNKNOWN_DEGREE, firstDegree!.id],
    position: 0,
  });
  await insertItem(person, { serviceId: eyes.id, cost: eyes.cost, position: 1, edited: true });
  await insertItem(person, {
    serviceId: eyes.id,
    optionId: whiten!.id,
    cost: whiten!.cost,
    position: 0,
    active: false,
  });
  const attempt = {
    orderId: orderId(6),
    kind: 'executor' as const,
    executorId: designerId,
    reviewerId: designerId,
  };
  // Two steps at the same moment: their ids decide.
  await t.db.insert(orderProcessing).values([
    {
      ...attempt,
      id: '00000000-0000-4000-8002-000000000002',
      dateStart: minutesAgo(59),
      dateEnd: minutesAgo(55),
      resultStatus: 1,
      reviewStatus: 1,
      timeExtension: true,
      createdAt: minutesAgo(59),
    },
    {
      ...attempt,
      id: '00000000-0000-4000-8002-000000000001',
      dateStart: minutesAgo(59),
      dateEnd: null,
      resultStatus: 2,
      createdAt: minutesAgo(59),
    },
  ]);

  // 7. Refused, with the reason the customer reads and a step naming another.
  await insertOrder(7, minutesAgo(70), 0, { condition: OrderCondition.refused, refuseReasonId: reason!.id });
  await teethOnly(7);
  await t.db.insert(orderProcessing).values({
    orderId: orderId(7),
    kind: 'executor',
    executorId: designerId,
    dateStart: minutesAgo(69),
    dateEnd: minutesAgo(65),
    resultStatus: 0,
    resultReasonId: stepReason!.id,
    createdAt: minutesAgo(69),
  });

  // 8 and 9. The same moment (the ids decide); 9's pictures were deleted by the retention job.
  for (const n of [9, 8]) {
    await insertOrder(n, minutesAgo(80), 0, {
      condition: OrderCondition.done,
      additional: `/api/files/orders/${orderId(n)}/additional.png`,
      finalPicture: `/api/files/orders/${n}/final.jpg`,
      picturesExpiredAt: n === 9 ? minutesAgo(1) : null,
    });
    await teethOnly(n);
  }

  // 10. An order without persons (none was kept), and one of another customer.
  await insertOrder(10, minutesAgo(90), 0, { condition: OrderCondition.cancelled });
  await insertOrder(11, minutesAgo(5), 0, { condition: OrderCondition.done, userId: bob.user._id });

  const step = (values: Record<string, unknown>) => ({
    executor: {
      dateStart: null,
      dateEnd: null,
      timeExtension: false,
      result: { status: null },
      ...values,
    },
  });
  const entry = (service: typeof teeth, values: Record<string, unknown> = {}) => ({
    ...teethEntry,
    _id: service.id,
    ref: service.id,
    serviceId: service.id,
    title: { user: service.titleUser },
    description: { user: service.descriptionUser },
    picture: service.pictureThumb,
    cost: service.cost,
    ...values,
  });
  // The estimates are the queue's (eta.service, eta.test.ts): each order awaiting a result has its own.
  const etas = await estimateOrders({ db: t.db, now: () => t.clock.now() }, [1, 2, 3, 4].map(orderId));
  const eta = (n: number) => etas.get(orderId(n))!.toISOString();
  expected = [
    present(1, minutesAgo(10), 999, { condition: OrderCondition.new, eta: eta(1) }),
    present(2, minutesAgo(20), 0, {
      condition: OrderCondition.inWork,
      dateStart: iso(minutesAgo(5)),
      eta: eta(2),
      // The client's message before the attempt it started; the attempt running.
      processing: [
        { client: { message: 'Brighter, please' } },
        step({ dateStart: iso(minutesAgo(5)), timeExtension: true }),
      ],
      currentProcessing: step({ dateStart: iso(minutesAgo(5)), timeExtension: true }),
    }),
    present(3, minutesAgo(30), 0, {
      condition: OrderCondition.resultReview,
      eta: eta(3),
      processing: [
        step({ dateStart: iso(minutesAgo(29)), dateEnd: iso(minutesAgo(2)), result: { status: 1 } }),
      ],
    }),
    present(4, minutesAgo(40), 0, {
      condition: OrderCondition.requeued,
      finalPicture: '/api/files/orders/4/final.jpg',
      eta: eta(4),
      processing: [
        step({ dateStart: iso(minutesAgo(39)), dateEnd: iso(minutesAgo(30)), result: { status: 1 } }),
        { client: { message: 'Softer please' } },
        { client: { message: '' } },
      ],
    }),
    present(5, minutesAgo(50), 0, {
      condition: OrderCondition.doneTipped,
      tip: 25,
      finalPicture: '/api/files/orders/5/final.jpg',
    }),
    present(6, minutesAgo(60), 123, {
      condition: OrderCondition.done,
      dateStart: iso(minutesAgo(59)),
      message: 'Please keep the freckles',
      finalPicture: '/api/files/orders/6/final.jpg',
      // An attempt without an end is the running one, as staff see it (order-staff-view.ts).
      currentProcessing: step({ dateStart: iso(minutesAgo(59)), result: { status: 2 } }),
      processing: [
        step({ dateStart: iso(minutesAgo(59)), result: { status: 2 } }),
        step({
          dateStart: iso(minutesAgo(59)),
          dateEnd: iso(minutesAgo(55)),
          timeExtension: true,
          result: { status: 1 },
        }),
      ],
      persons: [
        {
          id: 'photo',
          orders: [
            entry(skin, {
              degreeAction: [
                { _id: secondDegree!.id, title: { user: secondDegree!.titleUser } },
                { _id: UNKNOWN_DEGREE, title: { user: '' } },
                { _id: firstDegree!.id, title: { user: firstDegree!.titleUser } },
              ],
            }),
          ],
        },
        {
          id: 'Person 1',
          orders: [
            {
              // The option of Eyes, under which the history lists it.
              ...entry(eyes, { active: false }),
              _id: whiten!.id,
              ref: whiten!.id,
              isOptional: true,
              title: { user: whiten!.titleUser },
              description: { user: whiten!.descriptionUser },
              picture: whiten!.pictureThumb,
              cost: whiten!.cost,
            },
            entry(eyes, { edited: true }),
          ],
        },
      ],
    }),
    present(7, minutesAgo(70), 0, {
      condition: OrderCondition.refused,
      refuseReason: { title: { user: reason!.titleUser } },
      processing: [
        step({ dateStart: iso(minutesAgo(69)), dateEnd: iso(minutesAgo(65)), result: { status: 0 } }),
      ],
    }),
    present(8, minutesAgo(80), 0, {
      condition: OrderCondition.done,
      pictures: pictures(8, `/api/files/orders/${orderId(8)}/additional.png`),
      finalPicture: '/api/files/orders/8/final.jpg',
    }),
    present(9, minutesAgo(80), 0, {
      condition: OrderCondition.done,
      pictures: { original: null, thumbnail: null, draft: null, additional: null },
      finalPicture: null,
      picturesExpired: true,
    }),
    present(10, minutesAgo(90), 0, { condition: OrderCondition.cancelled, persons: [] }),
  ];
});
afterAll(() => t.close());

/** The answer exactly: the same values, and the keys in the same order. */
function expectExactly(actual: unknown, wanted: unknown) {
  expect(actual).toEqual(wanted);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(wanted));
}

describe('GET /api/orders/user/', () => {
  it('answers every condition exactly, newest first, a page at a time', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => ann.get(`/api/orders/user/?limit=5&page=${page}`)),
    );
    expectExactly(pages[0]!.body, { orders: expected.slice(0, 5), total: 10 });
    expectExactly(pages[1]!.body, { orders: expected.slice(5, 10), total: 10 });
    expectExactly(pages[2]!.body, { orders: [], total: 10 });
  });

  it('answers oldest first with the same tie order, and the default page', async () => {
    const oldest = await ann.get('/api/orders/user/?limit=20&sortByDate=ASC');
    const ascending = [...expected].reverse();
    // Orders 8 and 9 were made at the same moment: the lower id first, whichever the direction.
    const tied = ascending.findIndex((order) => order._id === orderId(9));
    [ascending[tied], ascending[tied + 1]] = [ascending[tied + 1]!, ascending[tied]!];
    expectExactly(oldest.body, { orders: ascending, total: 10 });
    expectExactly((await ann.get('/api/orders/user/')).body, { orders: expected.slice(0, 5), total: 10 });
    expectExactly((await ann.get('/api/orders/user/?limit=10&page=2&sortByDate=ASC')).body, {
      orders: [],
      total: 10,
    });
  });

  it('answers one order as the history shows it', async () => {
    for (const order of expected) {
      expectExactly((await ann.get(`/api/orders/order/${order._id as string}`)).body, order);
    }
    expect((await ann.get(`/api/orders/order/${orderId(11)}`)).status).toBe(404);
  });

  it('answers the same after the persons of every order are written at once, as a bulk load writes them', async () => {
    const before = (await ann.get('/api/orders/user/?limit=20')).body;
    await t.db.update(schema.orders).set({ personsView: [] });
    expect((await ann.get('/api/orders/user/?limit=20')).body).not.toEqual(before);

    await recordAllPersonsViews(t.db);

    expectExactly((await ann.get('/api/orders/user/?limit=20')).body, before);
  });
});

/** The test's database through a drizzle that writes down every statement it sends. */
function recordingDatabase(statements: string[]): Database {
  const client = (t.db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db =
    t.database.driver === 'pglite'
      ? drizzlePglite(client, { schema, logger })
      : drizzleNodePg(client, { schema, logger });
  return db as unknown as Database;
}

describe('the statements of the history', () => {
  it('reads a page, or one order, with one statement whatever the orders hold', async () => {
    const statements: string[] = [];
    const deps = { db: recordingDatabase(statements), now: () => t.clock.now() };
    // Orders 6 to 10 await no result: nothing to estimate, so every statement is the history's.
    const finished = historyQuerySchema.parse({ page: '2' });
    const reads = [
      () => listUserOrders(deps, annId, finished),
      () => listUserOrders(deps, annId, { ...finished, sortByDate: 'ASC', page: 1 }),
      () => listUserOrders(deps, annId, { ...finished, page: 3 }),
      () => findUserOrder(deps, annId, orderId(6)),
    ];
    for (const read of reads) {
      statements.length = 0;
      await read();
      // PGlite prepares each statement on its first use (once a database), then only executes it.
      expect(statements.filter((statement) => !statement.startsWith('prepare '))).toHaveLength(1);
      statements.length = 0;
      await read();
      expect(statements).toHaveLength(1);
    }
  });
});
