import { createHmac, timingSafeEqual } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PaymentText, type Product } from '@retouch/shared/payments';
import { payments, tokenLedger } from '../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { signUpCustomer } from '../../test/fixtures';
import { createPaymentProviders, pageSourcesOf, type CardProvider } from './providers';
import { sandboxCryptoProvider } from './sandbox';

/**
 * Issue 35: a second card provider is one new file plus its tests. This one lives in the test alone,
 * written against the interface only: it signs its webhook with HMAC-SHA256 of the raw body, and its
 * events name the payment by its own charge id.
 */
const ACME_SECRET = 'acme-webhook-secret';
const signAcme = (body: string) => createHmac('sha256', ACME_SECRET).update(body).digest('hex');

const acmeEventSchema = z.object({
  type: z.string(),
  charge: z.object({ id: z.string(), amount: z.number().int(), reason: z.string().optional() }),
});

const acmeProvider: CardProvider = {
  name: 'acme',
  publicKey: 'acme_pk_test',
  // The web app knows two card forms (Stripe's and the sandbox's); no browser opens this one here.
  browserForm: 'stripe',
  pageSources: {
    script: ['https://js.acme.test'],
    frame: ['https://pay.acme.test'],
    connect: ['https://api.acme.test'],
    img: [],
  },
  async startCardPayment(payment) {
    return { providerRef: `ch_${payment.id}`, clientSecret: `ch_${payment.id}_secret` };
  },
  webhook: {
    verify(rawBody, headers) {
      const given = Buffer.from(String(headers['acme-signature'] ?? ''), 'hex');
      const expected = Buffer.from(signAcme(rawBody.toString('utf8')), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return JSON.parse(rawBody.toString('utf8')) as unknown;
    },
    read(payload) {
      const event = acmeEventSchema.safeParse(payload);
      if (!event.success) return undefined;
      const { type, charge } = event.data;
      const payment = { providerRef: charge.id };
      if (type === 'charge.paid') return { kind: 'succeeded', payment, amountCents: charge.amount };
      if (type === 'charge.failed') return { kind: 'failed', payment, message: charge.reason ?? 'failed' };
      return { kind: 'ignored' };
    },
  },
};

describe('a second card provider, through the provider interface alone', () => {
  let t: TestApp;
  let pack: Product; // 100 + 50 for $4
  beforeAll(async () => {
    t = await createTestApp({}, { paymentProviders: { card: acmeProvider, crypto: sandboxCryptoProvider } });
    pack = ((await t.client().get('/api/products')).body as Product[]).find((p) => p.charge === 100)!;
  });
  afterAll(() => t.close());

  /** Posts the event to the card provider's webhook, signed with the given secret's signature. */
  async function deliver(event: unknown, signature = signAcme(JSON.stringify(event))) {
    const answer = await fetch(`${t.baseUrl}/api/payment/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'acme-signature': signature },
      body: JSON.stringify(event),
    });
    return { status: answer.status, body: (await answer.json()) as unknown };
  }

  async function startedPayment() {
    const { client, user } = await signUpCustomer(t);
    const started = await client.post(`/api/product/${pack._id}/buy`);
    expect(started.status).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, user._id));
    expect(row).toMatchObject({
      provider: 'acme',
      status: 'pending',
      clientSecret: started.body.client_secret,
    });
    return { client, user, payment: row! };
  }

  it('starts a payment and credits it once, however often its signed webhook arrives', async () => {
    const { client, user, payment } = await startedPayment();
    const paid = { type: 'charge.paid', charge: { id: payment.providerRef, amount: 400 } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(paid)));
    expect(answers).toEqual(Array(20).fill({ status: 200, body: { received: true } }));

    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 100, bonus: 70 });
    const credits = await t.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, user._id), eq(tokenLedger.reason, 'payment')));
    expect(credits).toMatchObject([{ paymentId: payment.id, deltaMain: 100, deltaBonus: 50 }]);
  });

  it('refuses a forged or unreadable event, records a failure, and credits no short payment', async () => {
    const { client, payment } = await startedPayment();
    const paid = { type: 'charge.paid', charge: { id: payment.providerRef, amount: 400 } };
    expect(await deliver(paid, signAcme('something else'))).toEqual({
      status: 400,
      body: { message: PaymentText.signatureInvalid },
    });
    expect(await deliver({ type: 'charge.paid', charge: { id: payment.providerRef } })).toEqual({
      status: 400,
      body: { message: PaymentText.eventInvalid },
    });
    const failed = {
      type: 'charge.failed',
      charge: { id: payment.providerRef, amount: 0, reason: 'Do not honor' },
    };
    expect(await deliver(failed)).toEqual({ status: 200, body: { received: true } });
    expect(await deliver({ ...paid, charge: { ...paid.charge, amount: 399 } })).toEqual({
      status: 200,
      body: { received: true },
    });

    const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'pending', failureMessage: 'Do not honor' });
    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });
  });

  it("lets the page load the provider's origins, and keeps the sandbox's card confirmation closed", async () => {
    const policy = (await t.client().get('/api/products')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' https://js.acme.test;");
    expect(policy).toContain("frame-src 'self' https://pay.acme.test;");
    expect(policy).toContain('https://api.acme.test');

    const { client } = await signUpCustomer(t);
    const confirm = await client.post('/api/payment/sandbox/confirm', {
      client_secret: 'ch_x_secret',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(confirm).toMatchObject({ status: 404, body: { message: PaymentText.providerUnavailable } });
  });
});

describe('the providers the configuration names', () => {
  it('bring their page origins: Stripe its script and frames, NOWPayments its invoice frame', async () => {
    const stripeConfig = testConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      CRYPTO_PROVIDER: 'nowpayments',
      NOWPAYMENTS_API_KEY: 'key',
      NOWPAYMENTS_IPN_SECRET: 'secret',
    });
    const sandboxConfig = testConfig();
    onTestFinished(() => {
      for (const config of [stripeConfig, sandboxConfig])
        rmSync(config.DATA_DIR, { recursive: true, force: true });
    });
    const configured = await createPaymentProviders(stripeConfig);
    expect([configured.card.name, configured.crypto.name]).toEqual(['stripe', 'nowpayments']);
    const sources = pageSourcesOf(configured);
    expect(sources.script).toContain('https://js.stripe.com');
    expect(sources.frame).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://nowpayments.io']),
    );

    const sandbox = await createPaymentProviders(sandboxConfig);
    expect(pageSourcesOf(sandbox)).toEqual({ script: [], frame: [], connect: [], img: [] });
    expect([sandbox.card.webhook, sandbox.crypto.webhook]).toEqual([undefined, undefined]);
  });
});
