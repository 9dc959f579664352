import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TIP, OrderCondition, OrderText } from '@retouch/shared/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { catalogServices, placeOrder } from '../../../test/staff-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_HOOKS: 'true' });
});
afterAll(() => t.close());

/** A customer with one delivered order (condition 6), through the test hook standing in for the staff. */
async function deliveredOrder() {
  const { client } = await signUpCustomer(t);
  const service = (await catalogServices(t))('Teeth whitening');
  const orderId = await placeOrder(client, service._id);
  expect((await client.post(`/api/test/orders/${orderId}/deliver`)).body).toEqual({
    condition: OrderCondition.done,
  });
  return { client, orderId, tipUrl: `/api/orders/order/${orderId}/tip` };
}

describe('POST /api/orders/order/{id}/tip refuses an amount that is no tip (issue 19)', () => {
  it.each([
    ['0', 0, OrderText.tipPositive],
    ['a negative amount', -5, OrderText.tipPositive],
    ['a fraction', 2.5, OrderText.tipWholeNumber],
    ['a text', '5', OrderText.tipNotNumber],
    ['no amount', undefined, OrderText.tipRequired],
    ['more than the maximum', MAX_TIP + 1, OrderText.tipTooLarge],
  ])('answers 400 to %s with a clear text, taking nothing', async (_name, amount, message) => {
    const { client, orderId, tipUrl } = await deliveredOrder();
    const before = (await client.get('/api/user/info')).body.balance;

    expect(await client.post(tipUrl, { data: { amount } })).toMatchObject({ status: 400, body: { message } });

    expect((await client.get('/api/user/info')).body.balance).toEqual(before);
    expect((await client.get(`/api/orders/order/${orderId}`)).body).toMatchObject({
      condition: OrderCondition.done,
      tip: 0,
    });
  });

  it('still takes a whole positive amount as it is', async () => {
    const { client, orderId, tipUrl } = await deliveredOrder();
    expect((await client.post(tipUrl, { data: { amount: 1 } })).status).toBe(200);
    expect((await client.get(`/api/orders/order/${orderId}`)).body).toMatchObject({
      condition: OrderCondition.doneTipped,
      tip: 1,
    });
  });
});
