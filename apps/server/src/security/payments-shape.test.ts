import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { PaymentText, type Product } from '@retouch/shared/payments';
import { payments } from '../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/fixtures';

const webhookSecret = 'whsec_shape_secret';
const stripe = new Stripe('sk_test_offline');
let t: TestApp;
let pack: Product;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_offline',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  });
  pack = ((await t.client().get('/api/products')).body as Product[]).find((p) => p.charge === 100)!;
});
afterAll(() => t.close());

/** Posts the event validly signed, as Stripe would. */
async function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const answer = await fetch(`${t.baseUrl}/api/payment/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return { status: answer.status, body: (await answer.json()) as unknown };
}

const event = (type: string, data: unknown) => ({ id: 'evt_shape', object: 'event', type, data });

describe('a validly signed Stripe event of a bad shape', () => {
  it.each([
    ['no data', undefined],
    ['data without an object', {}],
    ['a null object', { object: null }],
    ['an object without an id', { object: { object: 'payment_intent', amount_received: 400 } }],
    ['an id that is not a string', { object: { id: 42, amount_received: 400 } }],
    ['an amount that is not a number', { object: { id: 'pi_shape', amount_received: '400' } }],
  ])('is refused with 400, never 500, when a handled type has %s', async (_, data) => {
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
      const answer = await deliver(event(type, data));
      expect(answer, type).toEqual({ status: 400, body: { message: PaymentText.eventInvalid } });
    }
  });

  it('is refused with 400 when it has no type', async () => {
    expect(await deliver({ id: 'evt_shape', object: 'event', data: { object: {} } })).toEqual({
      status: 400,
      body: { message: PaymentText.eventInvalid },
    });
  });

  it('is acknowledged and ignored when its type is not one we handle', async () => {
    expect(await deliver(event('customer.created', undefined))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await deliver(event('charge.refunded', { object: 'not an object' }))).toEqual({
      status: 200,
      body: { received: true },
    });
  });

  it('still credits a well-formed success, and a malformed one credits nothing', async () => {
    const { user, client } = await signUpCustomer(t);
    await t.db.insert(payments).values({
      userId: user._id,
      productId: pack._id,
      method: 'card',
      provider: 'stripe',
      providerRef: 'pi_shape_ok',
      clientSecret: 'pi_shape_ok_secret',
      charge: 100,
      bonus: 50,
      costCents: 400,
      taxCents: 0,
      totalCents: 400,
    });
    const malformed = { object: { id: 'pi_shape_ok', amount_received: 'lots' } };
    expect((await deliver(event('payment_intent.succeeded', malformed))).status).toBe(400);
    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });

    const intent = { object: { id: 'pi_shape_ok', object: 'payment_intent', amount_received: 400 } };
    expect(await deliver(event('payment_intent.succeeded', intent))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 100, bonus: 70 });
  });
});
