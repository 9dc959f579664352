import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderCondition } from '@retouch/shared/orders';
import { orders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';

async function waitingOrder(t: TestApp, userId: string) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId,
      cost: 2,
      chargedMain: 0,
      chargedBonus: 2,
      costForExecutor: 1,
      executionTime: 15,
      original: '/api/files/original.jpg',
      originalThumb: '/api/files/thumb.jpg',
      draft: '/api/files/draft.jpg',
    })
    .returning({ id: orders.id });
  return order!.id;
}

describe('test hooks', () => {
  let plain: TestApp;
  let hooked: TestApp;
  beforeAll(async () => {
    [plain, hooked] = await Promise.all([createTestApp(), createTestApp({ TEST_HOOKS: 'true' })]);
  });
  afterAll(() => Promise.all([plain.close(), hooked.close()]));

  it('do not exist unless TEST_HOOKS is set', async () => {
    const { client, user } = await signUpCustomer(plain);
    const orderId = await waitingOrder(plain, user._id);
    expect((await client.post(`/api/test/orders/${orderId}/deliver`)).status).toBe(404);
    const [order] = await plain.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.condition).toBe(OrderCondition.new);
  });

  it("deliver the caller's own order with the original as its result, and no one else's", async () => {
    const owner = await signUpCustomer(hooked);
    const stranger = await signUpCustomer(hooked);
    const orderId = await waitingOrder(hooked, owner.user._id);

    expect((await stranger.client.post(`/api/test/orders/${orderId}/deliver`)).status).toBe(404);
    expect((await hooked.client().post(`/api/test/orders/${orderId}/deliver`)).status).toBe(401);
    expect((await owner.client.post(`/api/test/orders/${orderId}/deliver`)).status).toBe(200);

    const [order] = await hooked.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ condition: OrderCondition.done, finalPicture: '/api/files/original.jpg' });
  });

  it('cancel the orders waiting for a designer or a moderator with their tokens returned, and nothing else', async () => {
    const owner = await signUpCustomer(hooked);
    const waiting = await waitingOrder(hooked, owner.user._id);
    const delivered = await waitingOrder(hooked, owner.user._id);
    const toReview = await waitingOrder(hooked, owner.user._id);
    const underReview = await waitingOrder(hooked, owner.user._id);
    await owner.client.post(`/api/test/orders/${delivered}/deliver`);
    await hooked.db
      .update(orders)
      .set({ condition: OrderCondition.resultReview })
      .where(eq(orders.id, toReview));
    await hooked.db
      .update(orders)
      .set({ condition: OrderCondition.refusalReview, reviewerId: owner.user._id })
      .where(eq(orders.id, underReview));
    const answer = await owner.client.post('/api/test/orders/cancel-waiting');
    expect(answer.body).toEqual({ cancelled: 2 });
    const rows = await hooked.db.select().from(orders).where(eq(orders.userId, owner.user._id));
    const conditionOf = (id: string) => rows.find((row) => row.id === id)?.condition;
    expect(conditionOf(waiting)).toBe(OrderCondition.cancelled);
    expect(conditionOf(toReview)).toBe(OrderCondition.cancelled);
    expect(conditionOf(delivered)).toBe(OrderCondition.done);
    expect(conditionOf(underReview)).toBe(OrderCondition.refusalReview);
    expect((await plain.client().post('/api/test/orders/cancel-waiting')).status).toBe(404);
  });
});
