import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import { SystemSettingName, orders, shifts, systemSettings } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff } from '../../../test/staff-fixtures';

let t: TestApp;
let customerId: string;
let designerIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  customerId = (await signUpCustomer(t)).user._id;
  designerIds = (await createStaff(t, RoleTitle.designer, 2)).map((designer) => designer.userId);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(orders);
  await t.db.delete(shifts);
  await setOverloadUntil(null);
});

async function setOverloadUntil(date: Date | null) {
  await t.db
    .update(systemSettings)
    .set({ data: date })
    .where(eq(systemSettings.name, SystemSettingName.orderOverload));
}

async function addOrders(n: number, condition: number = OrderCondition.new) {
  for (let i = 0; i < n; i += 1) {
    await t.db.insert(orders).values({
      userId: customerId,
      condition,
      cost: 5,
      chargedMain: 0,
      chargedBonus: 5,
      costForExecutor: 3,
      executionTime: 20,
      original: '/api/files/o.jpg',
      originalThumb: '/api/files/t.jpg',
      draft: '/api/files/d.jpg',
    });
  }
}

async function startShift(designer: number) {
  await t.db.insert(shifts).values({ userId: designerIds[designer]!, startedAt: t.clock.now() });
}

async function startCustomerShift() {
  await t.db.insert(shifts).values({ userId: customerId, startedAt: t.clock.now() });
}

async function overloaded() {
  const answer = await t.client().get('/api/system/order/overload');
  expect(answer.status).toBe(200);
  return (answer.body as { status: boolean }).status;
}

describe('GET /api/system/order/overload', () => {
  it('is false with nothing waiting, even with nobody on duty', async () => {
    await addOrders(2, OrderCondition.inWork);
    expect(await overloaded()).toBe(false);
  });

  it('is true as soon as an order waits with nobody on duty', async () => {
    await addOrders(1, OrderCondition.requeued);
    expect(await overloaded()).toBe(true);
  });

  it('allows three waiting orders per designer on duty, and not a fourth', async () => {
    await startShift(0);
    await addOrders(3);
    expect(await overloaded()).toBe(false);
    await addOrders(1, OrderCondition.requeued);
    expect(await overloaded()).toBe(true);
    await startShift(1);
    expect(await overloaded()).toBe(false);
  });

  it('counts only designers: an open shift of someone without the designer cabinet takes no order', async () => {
    await startCustomerShift();
    await addOrders(1);
    expect(await overloaded()).toBe(true);
    await startShift(0);
    expect(await overloaded()).toBe(false);
  });

  it('a finished shift no longer counts', async () => {
    await startShift(0);
    await t.db.update(shifts).set({ endedAt: t.clock.now() });
    await addOrders(1);
    expect(await overloaded()).toBe(true);
  });

  it("is true while the admin's overload setting lies in the future, and false once it passed", async () => {
    await setOverloadUntil(new Date(t.clock.now().getTime() + 60_000));
    expect(await overloaded()).toBe(true);
    t.clock.advance(61_000);
    expect(await overloaded()).toBe(false);
  });
});
