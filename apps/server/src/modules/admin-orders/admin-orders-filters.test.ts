import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrdersText,
  ORDER_TABLE_STATUSES,
  OrderTableStatusText,
  orderTableStatus,
  type AdminOrderRow,
  type OrderTableStatus,
} from '@retouch/shared/admin-orders';
import { OrderCondition } from '@retouch/shared/orders';
import { PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import { orders, roles } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { createStaff } from '../../../test/staff-fixtures';
import { insertRole } from '../permissions/permissions.repository';
import { insertUser } from '../users/users.repository';
import { EXPORT_PAGE_SIZE } from './admin-orders.repository';
import { OrdersCsvHeader } from './admin-orders.service';

/**
 * The orders table's status and creation-time filters, and its CSV export, on the real database:
 * every filter is SQL, composes with the e-mail, the sort and the pages, and the export writes what
 * the table lists.
 */
let t: TestApp;
let admin: TestClient;
let userRoleId: string;

const NOW = new Date('2026-11-25T12:00:00.000Z');
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = (await createStaff(t, RoleTitle.admin))[0]!.client;
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.title, RoleTitle.user));
  userRoleId = role!.id;
});
afterAll(() => t.close());

/** A customer of the test's own, named as given (straight into the database: names the form would refuse). */
async function aClient(
  name: { giveName: string; familyName: string } = { giveName: 'Ann', familyName: 'Lee' },
) {
  const email = `client-${randomUUID().slice(0, 8)}@example.com`;
  const id = await insertUser(t.db, { email, passwordHash: 'x', ...name, roleId: userRoleId });
  return { id, email };
}

interface OrderSetUp {
  condition: number;
  createdAt: Date;
  dateStart?: Date | null;
  executionTime?: number;
  tip?: number;
  cost?: number;
}

/** Orders of a client as the lifecycle leaves them (set up in the database, like the analytics tests). */
async function insertOrders(userId: string, setUps: OrderSetUp[]): Promise<string[]> {
  const rows = await t.db
    .insert(orders)
    .values(
      setUps.map((setUp) => ({
        userId,
        condition: setUp.condition,
        cost: setUp.cost ?? 12,
        chargedMain: 0,
        chargedBonus: setUp.cost ?? 12,
        costForExecutor: 5,
        executionTime: setUp.executionTime ?? 30,
        original: '/api/files/o.jpg',
        originalThumb: '/api/files/t.jpg',
        draft: '/api/files/d.jpg',
        tip: setUp.tip ?? 0,
        dateStart: setUp.dateStart ?? null,
        createdAt: setUp.createdAt,
      })),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

const ids = (rows: AdminOrderRow[]) => rows.map((row) => row._id);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);

/** One order of each kind the table tells apart, a minute apart (oldest first), with the status it shows. */
type StatusCase = Omit<OrderSetUp, 'createdAt'> & { status: OrderTableStatus };
const STATUS_CASES: Array<OrderSetUp & { status: OrderTableStatus }> = (
  [
    { condition: OrderCondition.new, status: 'lookingForDesigner' },
    { condition: OrderCondition.requeued, status: 'lookingForDesigner' },
    { condition: OrderCondition.inWork, dateStart: minutesAgo(5), status: 'inProgress' },
    { condition: OrderCondition.resultReview, dateStart: minutesAgo(29), status: 'inProgress' },
    // Time ran out: the table says 'being moderated', the last one exactly at its deadline.
    { condition: OrderCondition.inWork, dateStart: minutesAgo(31), status: 'beingModerated' },
    { condition: OrderCondition.revision, dateStart: minutesAgo(30), status: 'beingModerated' },
    { condition: OrderCondition.done, status: 'completed' },
    { condition: OrderCondition.doneTipped, tip: 15, status: 'completed' },
    { condition: OrderCondition.refused, status: 'refused' },
    { condition: OrderCondition.cancelled, status: 'cancelled' },
    // A code the specification does not know counts as cancelled.
    { condition: 11, status: 'cancelled' },
  ] satisfies StatusCase[]
).map((setUp: StatusCase, index) => ({ ...setUp, createdAt: new Date(Date.UTC(2026, 10, 1, 10, index)) }));

/** A client with one order of each case; answers the ids in the cases' order. */
async function clientWithEveryStatus() {
  const client = await aClient();
  const orderIds = await insertOrders(client.id, STATUS_CASES);
  return { ...client, orderIds };
}

const list = (query: string) => admin.get(`/api/admin/orders/?${query}`);

describe('GET /api/admin/orders/ filtered by status', () => {
  it('keeps exactly the orders the table shows in each status, for each status alone', async () => {
    const { email, orderIds } = await clientWithEveryStatus();
    for (const status of ORDER_TABLE_STATUSES) {
      const answer = await list(`email=${encodeURIComponent(email)}&status=${status}&sortByDate=ASC`);
      expect(answer.status, status).toBe(200);
      const expected = orderIds.filter((_, index) => STATUS_CASES[index]!.status === status);
      expect([status, ids(answer.body.orders)]).toEqual([status, expected]);
      expect(answer.body.total, status).toBe(expected.length);
      // The server's choice agrees with the status the table computes for each row it answers.
      for (const row of answer.body.orders as AdminOrderRow[])
        expect(orderTableStatus(row, NOW.getTime()), row._id).toBe(status);
    }
  });

  it('keeps several statuses at once, comma-separated or the key repeated', async () => {
    const { email, orderIds } = await clientWithEveryStatus();
    const expected = orderIds.filter((_, index) =>
      ['completed', 'refused'].includes(STATUS_CASES[index]!.status),
    );
    const byEmail = `email=${encodeURIComponent(email)}&sortByDate=ASC`;
    const commas = await list(`${byEmail}&status=completed,refused`);
    expect(ids(commas.body.orders)).toEqual(expected);
    const repeated = await list(`${byEmail}&status=refused&status=completed`);
    expect(ids(repeated.body.orders)).toEqual(expected);
    expect(repeated.body.total).toBe(3);
  });

  it('moves an order from in progress to being moderated as its time runs out', async () => {
    const client = await aClient();
    const [orderId] = await insertOrders(client.id, [
      { condition: OrderCondition.inWork, dateStart: NOW, executionTime: 20, createdAt: NOW },
    ]);
    const byEmail = `email=${encodeURIComponent(client.email)}`;
    expect(ids((await list(`${byEmail}&status=inProgress`)).body.orders)).toEqual([orderId]);
    expect((await list(`${byEmail}&status=beingModerated`)).body.total).toBe(0);
    t.clock.advance(20 * MINUTE);
    try {
      expect((await list(`${byEmail}&status=inProgress`)).body.total).toBe(0);
      expect(ids((await list(`${byEmail}&status=beingModerated`)).body.orders)).toEqual([orderId]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('filters every client when no e-mail is given, counting only what it keeps', async () => {
    const first = await clientWithEveryStatus();
    const second = await clientWithEveryStatus();
    const answer = await list('status=refused&limit=100');
    const all = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.condition, OrderCondition.refused));
    expect(answer.body.total).toBe(all.length);
    const refusedIndex = STATUS_CASES.findIndex((setUp) => setUp.status === 'refused');
    expect(ids(answer.body.orders)).toEqual(
      expect.arrayContaining([first.orderIds[refusedIndex], second.orderIds[refusedIndex]]),
    );
    expect(
      (answer.body.orders as AdminOrderRow[]).every((row) => row.condition === OrderCondition.refused),
    ).toBe(true);
  });

  it('keeps every status with an empty filter, as with none', async () => {
    const { email } = await clientWithEveryStatus();
    const byEmail = `email=${encodeURIComponent(email)}`;
    expect((await list(`${byEmail}&status=`)).body.total).toBe(STATUS_CASES.length);
    expect((await list(byEmail)).body.total).toBe(STATUS_CASES.length);
  });
});

describe('GET /api/admin/orders/ filtered by creation time', () => {
  /** Orders around 1 March 2030 (no other test creates any then), oldest first. */
  const EDGES = [
    '2030-02-28T20:59:59.999Z',
    '2030-02-28T21:00:00.000Z', // midnight of 1 March in Moscow (+03:00)
    '2030-03-01T00:00:00.000Z',
    '2030-03-01T23:59:59.999Z',
    '2030-03-02T00:00:00.000Z',
  ];
  let edgeIds: string[];
  let edgeClient: { id: string; email: string };
  beforeAll(async () => {
    edgeClient = await aClient();
    edgeIds = await insertOrders(
      edgeClient.id,
      EDGES.map((at) => ({ condition: OrderCondition.done, createdAt: new Date(at) })),
    );
  });

  it('keeps orders from createdFrom (included) to createdBefore (left out), whoever the client', async () => {
    const answer = await list(
      'createdFrom=2030-03-01T00:00:00Z&createdBefore=2030-03-02T00:00:00Z&sortByDate=ASC',
    );
    expect(answer.status).toBe(200);
    expect(ids(answer.body.orders)).toEqual([edgeIds[2], edgeIds[3]]);
    expect(answer.body.total).toBe(2);
  });

  it('reads the offset of each end, so a day is the staff member’s day', async () => {
    const from = encodeURIComponent('2030-03-01T00:00:00+03:00');
    const before = encodeURIComponent('2030-03-02T00:00:00+03:00');
    const answer = await list(`createdFrom=${from}&createdBefore=${before}&sortByDate=ASC`);
    // 1 March in Moscow: 21:00 UTC the day before up to 21:00 UTC, so 23:59 UTC (2 March there) is out.
    expect(ids(answer.body.orders)).toEqual([edgeIds[1], edgeIds[2]]);
  });

  it('takes either end alone', async () => {
    const since = await list('createdFrom=2030-03-01T23:59:59.999Z&sortByDate=ASC');
    expect(ids(since.body.orders)).toEqual([edgeIds[3], edgeIds[4]]);
    const until = await list(
      `email=${encodeURIComponent(edgeClient.email)}&createdBefore=2030-02-28T21:00:00Z`,
    );
    expect(ids(until.body.orders)).toEqual([edgeIds[0]]);
  });

  it('composes with the e-mail, the statuses, the sort and the pages', async () => {
    const client = await aClient();
    const setUps: OrderSetUp[] = [];
    for (let day = 1; day <= 6; day += 1) {
      for (const condition of [OrderCondition.done, OrderCondition.refused]) {
        setUps.push({ condition, createdAt: new Date(Date.UTC(2030, 5, day, 12)) });
      }
    }
    const orderIds = await insertOrders(client.id, setUps);
    // Another client's order on the same days and in the same status stays out.
    await insertOrders((await aClient()).id, [
      { condition: OrderCondition.done, createdAt: new Date(Date.UTC(2030, 5, 3, 12)) },
    ]);
    const kept = orderIds.filter(
      (_, index) =>
        setUps[index]!.condition === OrderCondition.done &&
        setUps[index]!.createdAt >= new Date(Date.UTC(2030, 5, 2)) &&
        setUps[index]!.createdAt < new Date(Date.UTC(2030, 5, 6)),
    );
    expect(kept).toHaveLength(4);
    const query =
      `email=${encodeURIComponent(client.email.toUpperCase())}&status=completed` +
      '&createdFrom=2030-06-02T00:00:00Z&createdBefore=2030-06-06T00:00:00Z';
    const newest = await list(`${query}&limit=3&page=1`);
    expect(newest.body.total).toBe(4);
    expect(ids(newest.body.orders)).toEqual([...kept].reverse().slice(0, 3));
    const oldestSecondPage = await list(`${query}&sortByDate=ASC&limit=3&page=2`);
    expect(oldestSecondPage.body).toMatchObject({ total: 4 });
    expect(ids(oldestSecondPage.body.orders)).toEqual([kept[3]]);
  });
});

describe('bad filters', () => {
  it('are refused with 400 and a message saying what is wrong, by the list and the export', async () => {
    for (const path of ['/api/admin/orders/', '/api/admin/orders/export']) {
      const status = await admin.get(`${path}?status=completed,done`);
      expect([path, status.status]).toEqual([path, 400]);
      expect(status.body.message).toContain(AdminOrdersText.statusInvalid);
      expect(status.body.message).toContain('done');

      for (const bad of ['2026-11-25', 'yesterday', '2026-13-01T00:00:00Z', '2026-11-25T10:00:00']) {
        const date = await admin.get(`${path}?createdFrom=${encodeURIComponent(bad)}`);
        expect([path, bad, date.status, date.body]).toEqual([
          path,
          bad,
          400,
          { message: AdminOrdersText.createdAtInvalid },
        ]);
      }
      const reversed = await admin.get(
        `${path}?createdFrom=2026-11-26T00:00:00Z&createdBefore=2026-11-25T00:00:00Z`,
      );
      expect(reversed.status).toBe(400);
      expect(reversed.body).toEqual({ message: AdminOrdersText.createdRangeReversed });
    }
  });
});

/** The export as the browser receives it: raw bytes (fetch's text() would drop the byte order mark). */
async function download(client: TestClient, query: string) {
  const response = await fetch(`${t.baseUrl}/api/admin/orders/export?${query}`, {
    headers: { cookie: client.cookieHeader ?? '' },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** The records of a CSV whose fields hold no line break: header first, BOM dropped. */
const simpleRecords = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

const HEADER = [
  OrdersCsvHeader.id,
  OrdersCsvHeader.createdAt,
  OrdersCsvHeader.email,
  OrdersCsvHeader.name,
  OrdersCsvHeader.cost,
  OrdersCsvHeader.tip,
  OrdersCsvHeader.status,
];

describe('GET /api/admin/orders/export', () => {
  it('is a UTF-8 CSV download with a byte order mark, named by the day', async () => {
    const { email } = await clientWithEveryStatus();
    const answer = await download(admin, `email=${encodeURIComponent(email)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-11-25.csv"');
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.text.slice(1).split('\r\n')[0]).toBe(HEADER.join(','));
  });

  it('writes the rows the table lists with the same filters and sort, in the same order', async () => {
    const { email } = await clientWithEveryStatus();
    const query = `email=${encodeURIComponent(email)}&status=lookingForDesigner,beingModerated,completed&sortByDate=ASC`;
    const listed = (await list(`${query}&limit=100`)).body.orders as AdminOrderRow[];
    expect(listed).toHaveLength(6);
    const [header, ...records] = simpleRecords((await download(admin, query)).text);
    expect(header).toEqual(HEADER);
    expect(records).toEqual(
      listed.map((row) => [
        row._id,
        row.createdAt.slice(0, 19).replace('T', ' '),
        email,
        'Ann Lee',
        '12',
        row.condition === OrderCondition.doneTipped ? '15' : row.condition === OrderCondition.done ? '0' : '',
        OrderTableStatusText[orderTableStatus(row, NOW.getTime())],
      ]),
    );
    expect(records.map((record) => record[6])).toEqual([
      'Поиск дизайнера',
      'Поиск дизайнера',
      'На модерации',
      'На модерации',
      'Выполнен',
      'Выполнен',
    ]);
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
    const client = await aClient({
      giveName: '=HYPERLINK("http://evil.example","x")',
      familyName: 'Lee, "Jr"\nII',
    });
    const [first] = await insertOrders(client.id, [{ condition: OrderCondition.new, createdAt: NOW }]);
    const plus = await aClient({ giveName: '+1', familyName: 'Plus' });
    const [second] = await insertOrders(plus.id, [{ condition: OrderCondition.new, createdAt: NOW }]);
    const at = await aClient({ giveName: '@SUM(A1)', familyName: 'At' });
    const [third] = await insertOrders(at.id, [{ condition: OrderCondition.new, createdAt: NOW }]);
    const minus = await aClient({ giveName: '-2', familyName: 'Minus' });
    const [fourth] = await insertOrders(minus.id, [{ condition: OrderCondition.new, createdAt: NOW }]);

    const lines = async (email: string) => (await download(admin, `email=${encodeURIComponent(email)}`)).text;
    const tail = '2026-11-25 12:00:00';
    expect(await lines(client.email)).toBe(
      `\uFEFF${HEADER.join(',')}\r\n` +
        `${first},${tail},${client.email},"'=HYPERLINK(""http://evil.example"",""x"") Lee, ""Jr""\nII",12,,Поиск дизайнера\r\n`,
    );
    expect((await lines(plus.email)).split('\r\n')[1]).toBe(
      `${second},${tail},${plus.email},'+1 Plus,12,,Поиск дизайнера`,
    );
    expect((await lines(at.email)).split('\r\n')[1]).toBe(
      `${third},${tail},${at.email},'@SUM(A1) At,12,,Поиск дизайнера`,
    );
    expect((await lines(minus.email)).split('\r\n')[1]).toBe(
      `${fourth},${tail},${minus.email},'-2 Minus,12,,Поиск дизайнера`,
    );
  });

  it('writes the header alone when nothing matches', async () => {
    const answer = await download(admin, 'email=nobody%40example.com');
    expect(answer.text).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });

  it('pages through every order once, also past ties and microseconds at page ends', async () => {
    const client = await aClient();
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    const createdAt = new Date('2031-01-01T00:00:00.000Z');
    const orderIds = await insertOrders(
      client.id,
      Array.from({ length: count }, () => ({ condition: OrderCondition.new, createdAt })),
    );
    // A third share the same instant, the others differ by microseconds only (which a JS date cannot hold).
    await t.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} + (random() * 900)::int * interval '1 microsecond'` })
      .where(
        inArray(
          orders.id,
          orderIds.filter((_, index) => index % 3 !== 0),
        ),
      );

    for (const sortByDate of ['DESC', 'ASC']) {
      const [, ...records] = simpleRecords(
        (await download(admin, `email=${encodeURIComponent(client.email)}&sortByDate=${sortByDate}`)).text,
      );
      const exported = records.map((record) => record[0]);
      expect(exported, sortByDate).toHaveLength(count);
      expect(new Set(exported).size, sortByDate).toBe(count);
      expect(new Set(exported), sortByDate).toEqual(new Set(orderIds));
      // In the table's order: the same as its pages of 100.
      const listed: string[] = [];
      for (let page = 1; listed.length < count; page += 1) {
        const answer = await list(
          `email=${encodeURIComponent(client.email)}&sortByDate=${sortByDate}&limit=100&page=${page}`,
        );
        listed.push(...ids(answer.body.orders));
      }
      expect(exported, sortByDate).toEqual(listed);
    }
  });
});

describe('who may export orders', () => {
  it('refuses a visitor (401) and staff without lookOrders (403); staff holding it may', async () => {
    const path = '/api/admin/orders/export';
    expect((await t.client().get(path)).status).toBe(401);
    const designer = (await createStaff(t, RoleTitle.designer))[0]!.client;
    expect((await designer.get(path)).status).toBe(403);
    await insertRole(t.db, 'Orders clerk', [PermissionSign.showAdmin, PermissionSign.lookOrders], false);
    const clerk = (await createStaff(t, 'Orders clerk'))[0]!.client;
    const allowed = await download(clerk, '');
    expect(allowed.status).toBe(200);
    expect(allowed.text.slice(1).split('\r\n')[0]).toBe(HEADER.join(','));
  });
});
