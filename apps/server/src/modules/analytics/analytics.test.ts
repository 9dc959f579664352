import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ReviewResult, type AnalyticsRow } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { orderProcessing, orders, shifts } from '../../db/schema/index';
import { PermissionSign } from '@retouch/shared/permissions';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff, type StaffMember } from '../../../test/staff-fixtures';
import { insertRole } from '../permissions/permissions.repository';
import { AnalyticsCsvHeader, AnalyticsText, TIP_CENTS_PER_TOKEN } from './analytics.service';

let t: TestApp;
let designer: StaffMember;
let customerId: string;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-20T22:00:00.000Z'));
  [designer] = (await createStaff(t)) as [StaffMember];
  customerId = (await signUpCustomer(t)).user._id;
});
afterAll(() => t.close());

/** A delivered order whose attempt by `executorId` was approved at `at`, tipped `tip` tokens. */
async function approvedOrder(executorId: string, at: Date, pay: number, tip = 0) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: customerId,
      condition: tip ? OrderCondition.doneTipped : OrderCondition.done,
      cost: 10,
      chargedMain: 0,
      chargedBonus: 10,
      costForExecutor: pay,
      executionTime: 20,
      original: '/api/files/o.jpg',
      originalThumb: '/api/files/t.jpg',
      draft: '/api/files/d.jpg',
      tip,
      tippedAt: tip ? at : null,
      tipExecutorId: tip ? executorId : null,
    })
    .returning({ id: orders.id });
  await t.db.insert(orderProcessing).values({
    orderId: order!.id,
    kind: 'executor',
    executorId,
    dateStart: new Date(at.getTime() - HOUR),
    dateEnd: new Date(at.getTime() - HOUR / 2),
    resultStatus: 1,
    reviewStatus: ReviewResult.approved,
    reviewDateEnd: at,
    executorPay: pay,
  });
  return order!.id;
}

describe('GET /api/analytics/user', () => {
  it("answers 404 with the specification's text for a day without activity", async () => {
    const answer = await designer.client.get('/api/analytics/user?startDate=2026-11-19&endDate=2026-11-19');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(AnalyticsText.notFound);
  });

  it('sums shift time per day (split at midnight), approved results, pay and tips', async () => {
    await designer.client.post('/api/executor/shift/toggle');
    t.clock.advance(3 * HOUR); // 22:00 -> 01:00 the next day
    await designer.client.post('/api/executor/shift/toggle');
    const tipped = await approvedOrder(designer.userId, new Date('2026-11-21T00:30:00.000Z'), 4, 25);
    await approvedOrder(designer.userId, new Date('2026-11-21T00:45:00.000Z'), 6);
    const [other] = await createStaff(t);
    await approvedOrder(other!.userId, new Date('2026-11-21T00:50:00.000Z'), 100, 5);

    const answer = await designer.client.get('/api/analytics/user?startDate=2026-11-20&endDate=2026-11-21');
    expect(answer.status).toBe(200);
    expect(answer.body as AnalyticsRow[]).toEqual([
      { date: '2026-11-20', shiftTime: 2 * HOUR, ordersCount: 0, totalCost: 0, tips: [], totalTips: 0 },
      {
        date: '2026-11-21',
        shiftTime: HOUR,
        ordersCount: 2,
        totalCost: 10,
        tips: [{ orderId: tipped, tip: 25 }],
        totalTips: 25 * TIP_CENTS_PER_TOKEN,
      },
    ]);
  });

  it("shows another designer's days only with lookUsers", async () => {
    const path = `/api/analytics/user/${designer.userId}?startDate=2026-11-21&endDate=2026-11-21`;
    const [colleague] = await createStaff(t);
    expect((await colleague!.client.get(path)).status).toBe(403);
    const [admin] = await createStaff(t, 'Admin');
    const answer = await admin!.client.get(path);
    expect(answer.status).toBe(200);
    expect((answer.body as AnalyticsRow[])[0]!.totalCost).toBe(10);
  });

  it('needs valid dates', async () => {
    expect(
      (await designer.client.get('/api/analytics/user?startDate=yesterday&endDate=2026-11-21')).status,
    ).toBe(400);
  });

  it('refuses a reversed range with its own text', async () => {
    const answer = await designer.client.get('/api/analytics/user?startDate=2026-11-21&endDate=2026-11-20');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AnalyticsText.badRange);
  });
});

describe('GET /api/analytics/user over a range', () => {
  const at = (iso: string) => new Date(iso);
  const rowsOf = async (member: StaffMember, startDate: string, endDate: string) => {
    const answer = await member.client.get(`/api/analytics/user?startDate=${startDate}&endDate=${endDate}`);
    expect(answer.status).toBe(200);
    return answer.body as AnalyticsRow[];
  };
  const shift = (member: StaffMember, startedAt: string, endedAt: string | null) =>
    t.db.insert(shifts).values({
      userId: member.userId,
      startedAt: at(startedAt),
      endedAt: endedAt ? at(endedAt) : null,
    });

  it('answers one row per active day of the range, in order, leaving quiet days and days outside out', async () => {
    const [member] = (await createStaff(t)) as [StaffMember];
    t.clock.set(at('2026-12-20T12:00:00.000Z'));
    await shift(member, '2026-12-01T08:00:00.000Z', '2026-12-01T09:00:00.000Z'); // before the range
    await approvedOrder(member.userId, at('2026-12-05T10:00:00.000Z'), 7);
    await shift(member, '2026-12-03T08:00:00.000Z', '2026-12-03T08:30:00.000Z');
    await approvedOrder(member.userId, at('2026-12-07T23:59:59.000Z'), 2); // last moment of the range
    await approvedOrder(member.userId, at('2026-12-08T00:00:00.000Z'), 50); // first moment after it

    const rows = await rowsOf(member, '2026-12-02', '2026-12-07');
    expect(rows.map((row) => row.date)).toEqual(['2026-12-03', '2026-12-05', '2026-12-07']);
    expect(rows.map((row) => [row.shiftTime, row.ordersCount, row.totalCost])).toEqual([
      [HOUR / 2, 0, 0],
      [0, 1, 7],
      [0, 1, 2],
    ]);
  });

  it('counts a day with only a shift, an open one up to now', async () => {
    const [member] = (await createStaff(t)) as [StaffMember];
    t.clock.set(at('2026-12-10T15:30:00.000Z'));
    await shift(member, '2026-12-10T13:00:00.000Z', null);
    expect(await rowsOf(member, '2026-12-10', '2026-12-10')).toEqual([
      { date: '2026-12-10', shiftTime: 2.5 * HOUR, ordersCount: 0, totalCost: 0, tips: [], totalTips: 0 },
    ]);
  });

  it('lists every tip of a day (cents) and totals them as 5 times their sum', async () => {
    const [member] = (await createStaff(t)) as [StaffMember];
    t.clock.set(at('2026-12-20T12:00:00.000Z'));
    const first = await approvedOrder(member.userId, at('2026-12-12T09:00:00.000Z'), 3, 20);
    const second = await approvedOrder(member.userId, at('2026-12-12T18:00:00.000Z'), 4, 7);
    const [row] = await rowsOf(member, '2026-12-12', '2026-12-12');
    expect(row!.tips).toEqual(
      expect.arrayContaining([
        { orderId: first, tip: 20 },
        { orderId: second, tip: 7 },
      ]),
    );
    expect(row!.tips).toHaveLength(2);
    expect(row!.totalTips).toBe(5 * (20 + 7));
    expect(row!.totalTips).toBe(TIP_CENTS_PER_TOKEN * row!.tips.reduce((sum, { tip }) => sum + tip, 0));
  });

  it('leaves out a tip given at midnight right after the range', async () => {
    const [member] = (await createStaff(t)) as [StaffMember];
    t.clock.set(at('2026-12-20T12:00:00.000Z'));
    await shift(member, '2026-12-14T10:00:00.000Z', '2026-12-14T11:00:00.000Z');
    const lateTip = await approvedOrder(member.userId, at('2026-12-14T12:00:00.000Z'), 1);
    await t.db
      .update(orders)
      .set({ tip: 9, tippedAt: at('2026-12-15T00:00:00.000Z'), tipExecutorId: member.userId })
      .where(eq(orders.id, lateTip));

    const rows = await rowsOf(member, '2026-12-14', '2026-12-14');
    expect(rows.map((row) => row.date)).toEqual(['2026-12-14']);
    expect(rows[0]!.tips).toEqual([]);
    expect(rows[0]!.totalTips).toBe(0);
    const next = await rowsOf(member, '2026-12-15', '2026-12-15');
    expect(next).toEqual([
      {
        date: '2026-12-15',
        shiftTime: 0,
        ordersCount: 0,
        totalCost: 0,
        tips: [{ orderId: lateTip, tip: 9 }],
        totalTips: 45,
      },
    ]);
  });
});

describe('GET /api/admin/analytics/export[/{userId}]', () => {
  const at = (iso: string) => new Date(iso);
  const HEADER = Object.values(AnalyticsCsvHeader).join(',');
  /** The export as the browser receives it: raw bytes (fetch's text() would drop the byte order mark). */
  async function download(client: TestClient, path: string) {
    const response = await fetch(`${t.baseUrl}${path}`, { headers: { cookie: client.cookieHeader ?? '' } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
  }
  /** A designer with a shift on the 1st and two approved results, one tipped, on the 2nd of January 2027. */
  async function activeDesigner() {
    const [member] = (await createStaff(t)) as [StaffMember];
    t.clock.set(at('2027-01-10T12:00:00.000Z'));
    await t.db.insert(shifts).values({
      userId: member.userId,
      startedAt: at('2027-01-01T08:00:00.000Z'),
      endedAt: at('2027-01-01T10:05:30.000Z'),
    });
    const tipped = await approvedOrder(member.userId, at('2027-01-02T09:00:00.000Z'), 4, 25);
    await approvedOrder(member.userId, at('2027-01-02T10:00:00.000Z'), 6, 0);
    return { member, tipped };
  }
  const RANGE = 'startDate=2027-01-01&endDate=2027-01-03';

  it("writes the screen's days of the range: minutes on shift, orders, pay, tips in dollars", async () => {
    const { member } = await activeDesigner();
    const screen = (await member.client.get(`/api/analytics/user?${RANGE}`)).body as AnalyticsRow[];
    expect(screen.map((row) => row.date)).toEqual(['2027-01-01', '2027-01-02']);

    const answer = await download(member.client, `/api/admin/analytics/export?${RANGE}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="analytics-2027-01-01-2027-01-03.csv"',
    );
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.text).toBe(
      `\uFEFF${HEADER}\r\n` +
        // 2 h 05 min 30 s on shift counts 125 whole minutes, as the screen shows 2 ч 05 мин.
        '2027-01-01,125,0,0,,0.00\r\n' +
        // Two results paying 4 + 6; a tip of 25 cents ($0.25), totalled as 5 times the tips ($1.25).
        '2027-01-02,0,2,10,0.25,1.25\r\n',
    );
  });

  it("gives another designer's days with lookUsers: the file the designer gets", async () => {
    const { member } = await activeDesigner();
    const [admin] = await createStaff(t, 'Admin');
    const own = await download(member.client, `/api/admin/analytics/export?${RANGE}`);
    const theirs = await download(admin!.client, `/api/admin/analytics/export/${member.userId}?${RANGE}`);
    expect(theirs.status).toBe(200);
    expect(theirs.text).toBe(own.text);
  });

  it('writes the header alone for a range without activity, where the screen says 404', async () => {
    const { member } = await activeDesigner();
    expect(
      (await member.client.get('/api/analytics/user?startDate=2027-01-05&endDate=2027-01-06')).status,
    ).toBe(404);
    const answer = await download(
      member.client,
      '/api/admin/analytics/export?startDate=2027-01-05&endDate=2027-01-06',
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it('refuses bad dates and a reversed range with 400, like the screen', async () => {
    const { member } = await activeDesigner();
    const bad = await download(
      member.client,
      '/api/admin/analytics/export?startDate=yesterday&endDate=2027-01-03',
    );
    expect(bad.status).toBe(400);
    const reversed = await member.client.get(
      '/api/admin/analytics/export?startDate=2027-01-03&endDate=2027-01-01',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(AnalyticsText.badRange);
  });

  it("needs cabinetDesigner for one's own days and lookUsers for another's (403 otherwise)", async () => {
    const { member } = await activeDesigner();
    expect((await download(t.client(), `/api/admin/analytics/export?${RANGE}`)).status).toBe(401);
    await insertRole(t.db, 'Clerk', [PermissionSign.showAdmin, PermissionSign.lookOrders], false);
    const [clerk] = await createStaff(t, 'Clerk');
    expect((await download(clerk!.client, `/api/admin/analytics/export?${RANGE}`)).status).toBe(403);
    const [colleague] = (await createStaff(t)) as [StaffMember];
    const other = await download(colleague.client, `/api/admin/analytics/export/${member.userId}?${RANGE}`);
    expect(other.status).toBe(403);
    expect(other.text).not.toContain('2027-01-02');
  });
});
