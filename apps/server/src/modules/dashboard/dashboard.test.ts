import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DAYS, type Dashboard } from '@retouch/shared/dashboard';
import { ReviewResult } from '@retouch/shared/dispatch';
import { OrderCondition, type OrderConditionValue } from '@retouch/shared/order-flow';
import { ALL_PERMISSION_SIGNS, PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import {
  DispatchQueue,
  LedgerReason,
  dispatchWaiters,
  orderProcessing,
  orders,
  shifts,
  tokenLedger,
  type LedgerReasonValue,
} from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff, type StaffMember } from '../../../test/staff-fixtures';
import { insertRole } from '../permissions/permissions.repository';

const DASHBOARD = '/api/admin/dashboard';
/** The app's clock: noon (UTC) of 20 May 2031, far from the seeded rows' real dates. */
const NOW = new Date('2031-05-20T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let viewer: TestClient;
let customerId: string;
let designers: StaffMember[];
let moderators: StaffMember[];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await insertRole(t.db, 'Dashboard viewer', [PermissionSign.showAdmin, PermissionSign.lookOrders], false);
  [{ client: viewer }] = (await createStaff(t, 'Dashboard viewer')) as [StaffMember];
  customerId = (await signUpCustomer(t)).user._id;
  designers = await createStaff(t, RoleTitle.designer, 3);
  moderators = await createStaff(t, RoleTitle.moderator, 3);
});
afterAll(() => t.close());

async function dashboard(client = viewer): Promise<Dashboard> {
  const answer = await client.get(DASHBOARD);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Dashboard;
}

interface OrderSetUp {
  createdAt: string;
  condition: OrderConditionValue;
  /** Minutes. */
  executionTime?: number;
  executorId?: string;
  reviewerId?: string;
}

async function insertOrder({ createdAt, condition, executionTime = 30, executorId, reviewerId }: OrderSetUp) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: customerId,
      condition,
      cost: 10,
      chargedMain: 0,
      chargedBonus: 10,
      costForExecutor: 5,
      executionTime,
      original: '/api/files/o.jpg',
      originalThumb: '/api/files/t.jpg',
      draft: '/api/files/d.jpg',
      executorId,
      reviewerId,
      createdAt: at(createdAt),
      queuedAt: at(createdAt),
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** A designer's attempt on the order, reviewed at `reviewedAt` with `reviewStatus`, that earned `pay`. */
async function insertReview(orderId: string, reviewedAt: string, reviewStatus: number, pay: number | null) {
  const end = at(reviewedAt);
  await t.db.insert(orderProcessing).values({
    orderId,
    kind: 'executor',
    executorId: designers[2]!.userId,
    dateStart: new Date(end.getTime() - 10 * 60_000),
    dateEnd: new Date(end.getTime() - 5 * 60_000),
    resultStatus: 1,
    reviewerId: moderators[2]!.userId,
    reviewDateEnd: end,
    reviewStatus,
    executorPay: pay,
  });
}

async function insertLedger(createdAt: string, reason: LedgerReasonValue, deltaMain: number, deltaBonus = 0) {
  await t.db.insert(tokenLedger).values({
    userId: customerId,
    deltaMain,
    deltaBonus,
    reason,
    idempotencyKey: `dashboard-test:${randomUUID()}`,
    createdAt: at(createdAt),
  });
}

/** The 14 days ending on `lastDay`, each with nothing, but for the given ones. */
function daysEnding(lastDay: string, figures: Record<string, { orders: number; revenue: number }> = {}) {
  const last = at(`${lastDay}T00:00:00.000Z`).getTime();
  return Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const date = new Date(last - (DASHBOARD_DAYS - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { date, ...(figures[date] ?? { orders: 0, revenue: 0 }) };
  });
}

describe('GET /api/admin/dashboard', () => {
  it('answers zeros, no median and 14 empty days ending today before anything happened', async () => {
    expect(await dashboard()).toEqual({
      waiting: { designer: 0, review: 0 },
      onDuty: { designers: 0, moderators: 0 },
      medianHandlingMinutes: null,
      overdue: 0,
      today: { revenue: 0, tips: 0 },
      days: daysEnding('2031-05-20'),
    });
  });

  it('counts the queues, the staff on duty, the late orders, the median, the tokens and the days', async () => {
    const [d1, d2, d3] = designers as [StaffMember, StaffMember, StaffMember];
    const [m1, m2, m3] = moderators as [StaffMember, StaffMember, StaffMember];
    const C = OrderCondition;

    // Today (the 20th), at noon: waiting, held, in review, late or not.
    await insertOrder({ createdAt: '2031-05-20T00:01:00Z', condition: C.new }); // late since 00:31
    await insertOrder({ createdAt: '2031-05-20T11:45:00Z', condition: C.requeued }); // due 12:15
    await insertOrder({
      createdAt: '2031-05-20T11:00:00Z',
      condition: C.inWork,
      executionTime: 20,
      executorId: d1.userId,
    }); // late
    await insertOrder({ createdAt: '2031-05-20T11:30:00Z', condition: C.resultReview }); // due at noon sharp: not late yet
    await insertOrder({ createdAt: '2031-05-20T09:00:00Z', condition: C.refusalReview, executionTime: 60 }); // late
    await insertOrder({
      createdAt: '2031-05-20T10:00:00Z',
      condition: C.resultReview,
      reviewerId: m1.userId,
    }); // late
    await insertOrder({
      createdAt: '2031-05-20T11:50:00Z',
      condition: C.refusalReview,
      reviewerId: m3.userId,
    });
    // An order waiting since April: waiting and late, created before the 14 days.
    await insertOrder({ createdAt: '2031-04-01T08:00:00Z', condition: C.new });

    // Delivered orders and their reviews: first approvals of today after 20, 41 1/3, 42 2/15 and 101 1/3 minutes.
    const fixedFirst = await insertOrder({
      createdAt: '2031-05-20T08:00:00Z',
      condition: C.done,
      executionTime: 10,
    });
    await insertReview(fixedFirst, '2031-05-20T08:10:00Z', ReviewResult.fixed, null); // sent back: not an approval
    await insertReview(fixedFirst, '2031-05-20T08:20:00Z', ReviewResult.approved, 5);
    const tipped = await insertOrder({ createdAt: '2031-05-20T09:00:00Z', condition: C.doneTipped });
    await insertReview(tipped, '2031-05-20T09:41:20Z', ReviewResult.approved, 3);
    const done = await insertOrder({ createdAt: '2031-05-20T10:00:00Z', condition: C.done });
    await insertReview(done, '2031-05-20T10:42:08Z', ReviewResult.approved, 4);
    const overnight = await insertOrder({ createdAt: '2031-05-19T23:00:00Z', condition: C.done });
    await insertReview(overnight, '2031-05-20T00:41:20Z', ReviewResult.approved, 6);
    // First approved at 23:59 yesterday, its revision approved today (paying nothing): neither counts today.
    const revised = await insertOrder({ createdAt: '2031-05-19T10:00:00Z', condition: C.done });
    await insertReview(revised, '2031-05-19T23:59:00Z', ReviewResult.approved, 2);
    await insertReview(revised, '2031-05-20T11:00:00Z', ReviewResult.approved, 0);

    // The day boundary and the ends of the 14 days.
    await insertOrder({ createdAt: '2031-05-19T23:59:00Z', condition: C.cancelled });
    await insertOrder({ createdAt: '2031-05-07T00:00:00Z', condition: C.refused });
    await insertOrder({ createdAt: '2031-05-06T23:59:59Z', condition: C.done });

    // Staff: two open shifts and a closed one; moderators searching or holding a review, one doing both.
    await t.db.insert(shifts).values([
      { userId: d1.userId, startedAt: at('2031-05-20T08:00:00Z') },
      { userId: d2.userId, startedAt: at('2031-05-20T09:00:00Z') },
      { userId: d3.userId, startedAt: at('2031-05-20T07:00:00Z'), endedAt: at('2031-05-20T08:00:00Z') },
    ]);
    await t.db.insert(dispatchWaiters).values([
      { userId: m1.userId, queue: DispatchQueue.review, since: at('2031-05-20T11:00:00Z') },
      { userId: m2.userId, queue: DispatchQueue.review, since: at('2031-05-20T11:10:00Z') },
      { userId: d2.userId, queue: DispatchQueue.executor, since: at('2031-05-20T11:20:00Z') },
    ]);

    // Tokens: charges less refunds per day, tips today; payments, designers' tips and adjustments are no revenue.
    await insertLedger('2031-05-06T23:59:59Z', LedgerReason.orderCharge, -50);
    await insertLedger('2031-05-07T00:00:00Z', LedgerReason.orderCharge, -20);
    await insertLedger('2031-05-18T12:00:00Z', LedgerReason.orderRefund, 8);
    await insertLedger('2031-05-19T18:00:00Z', LedgerReason.tip, -9);
    await insertLedger('2031-05-19T23:59:00Z', LedgerReason.orderCharge, 0, -10);
    await insertLedger('2031-05-20T00:01:00Z', LedgerReason.orderCharge, -2, -5);
    await insertLedger('2031-05-20T09:00:00Z', LedgerReason.payment, 100);
    await insertLedger('2031-05-20T09:30:00Z', LedgerReason.tip, -3, -1);
    await insertLedger('2031-05-20T09:30:00Z', LedgerReason.tipReceived, 4);
    await insertLedger('2031-05-20T09:45:00Z', LedgerReason.tip, -2);
    await insertLedger('2031-05-20T10:00:00Z', LedgerReason.orderCharge, -12);
    await insertLedger('2031-05-20T11:00:00Z', LedgerReason.orderRefund, 5);
    await insertLedger('2031-05-20T11:59:00Z', LedgerReason.adminAdjustment, -30);

    expect(await dashboard()).toEqual({
      waiting: { designer: 3, review: 2 },
      onDuty: { designers: 2, moderators: 3 },
      // (41 1/3 + 42 2/15) / 2 = 41.733…
      medianHandlingMinutes: 41.7,
      overdue: 5,
      today: { revenue: 7 + 12 - 5, tips: 4 + 2 },
      days: daysEnding('2031-05-20', {
        '2031-05-07': { orders: 1, revenue: 20 },
        '2031-05-18': { orders: 0, revenue: -8 },
        '2031-05-19': { orders: 3, revenue: 10 },
        '2031-05-20': { orders: 10, revenue: 14 },
      }),
    });
  });

  it("starts a new day at the clock's UTC midnight", async () => {
    t.clock.set(at('2031-05-21T00:00:00.000Z'));
    try {
      const answer = await dashboard();
      expect(answer.medianHandlingMinutes).toBeNull();
      expect(answer.today).toEqual({ revenue: 0, tips: 0 });
      // Every one of the 8 unfinished orders is late by now; the 7th has left the 14 days.
      expect(answer.overdue).toBe(8);
      expect(answer.days).toEqual(
        daysEnding('2031-05-21', {
          '2031-05-18': { orders: 0, revenue: -8 },
          '2031-05-19': { orders: 3, revenue: 10 },
          '2031-05-20': { orders: 10, revenue: 14 },
        }),
      );
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses a visitor (401) and staff without lookOrders (403)', async () => {
    expect((await t.client().get(DASHBOARD)).status).toBe(401);
    const allButLookOrders = ALL_PERMISSION_SIGNS.filter((sign) => sign !== PermissionSign.lookOrders);
    await insertRole(t.db, 'Everything but orders', allButLookOrders, false);
    const [member] = await createStaff(t, 'Everything but orders');
    const refused = await member!.client.get(DASHBOARD);
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('waiting');
  });
});
