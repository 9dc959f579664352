import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewResult, type AnalyticsRow } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { orderProcessing, orders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff, type StaffMember } from '../../../test/staff-fixtures';
import { AnalyticsText, TIP_CENTS_PER_TOKEN } from './analytics.service';

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
});
