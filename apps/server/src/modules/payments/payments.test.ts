import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  DEFAULT_PACKAGES,
  PackageText,
  PaymentText,
  SandboxCard,
  type Product,
} from '@retouch/shared/payments';
import { SocketEvent } from '@retouch/shared/realtime';
import { payments, tokenLedger, users } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { logIn, signUpCustomer } from '../../../test/fixtures';
import { adminClient } from '../../../test/catalog-fixtures';
import { TEST_DEMO_PASSWORD } from '../../../test/test-config';
import { DEMO_EMAILS } from '../../seed';
import { signNowPaymentsBody } from '../../payments/nowpayments';
import { findLedgerMismatches } from '../ledger/ledger.repository';

let t: TestApp;
let admin: TestClient;
let pack: Product; // 100 + 50 for $4
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  pack = ((await t.client().get('/api/products')).body as Product[]).find((p) => p.charge === 100)!;
});
afterAll(async () => {
  // Whatever this file did, every balance still equals its ledger.
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
const balanceOf = async (client: TestClient) => (await client.get('/api/user/info')).body.balance;
const ledgerRowsOf = async (userId: string) =>
  t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));

async function buy(client: TestClient, productId = pack._id): Promise<string> {
  const answer = await client.post(`/api/product/${productId}/buy`);
  expect(answer.status).toBe(200);
  return answer.body.client_secret as string;
}

describe('packages', () => {
  it('lists the eleven packages of the policy text, cheapest first', async () => {
    const list = (await t.client().get('/api/products')).body as Product[];
    expect(list.map((p) => [p.charge, p.bonus, p.cost])).toEqual(DEFAULT_PACKAGES.map((p) => [...p]));
    expect(list[0]).toMatchObject({
      _id: expect.any(String),
      description: expect.any(String),
      merchant_id: 1,
    });
  });

  it('lets an admin add, edit and delete a package, with bonus 0 when empty', async () => {
    const created = await admin.post('/api/admin/product', {
      cost: 3,
      description: 'Trial pack',
      charge: 40,
      bonus: '',
      merchant_id: 77,
    });
    expect(created).toMatchObject({ status: 201, body: { cost: 3, charge: 40, bonus: 0, merchant_id: 77 } });
    const edited = await admin.patch(`/api/admin/product/${created.body._id}`, {
      cost: 3.5,
      description: 'Trial pack+',
      charge: 45,
      bonus: 5,
      merchant_id: 77,
    });
    expect(edited.body).toMatchObject({ cost: 3.5, charge: 45, bonus: 5 });
    expect((await admin.delete(`/api/admin/product/${created.body._id}`)).status).toBe(200);
    const list = (await t.client().get('/api/products')).body as Product[];
    expect(list.some((p) => p._id === created.body._id)).toBe(false);
  });

  it.each([
    [{ cost: '' }, PackageText.required],
    [{ cost: 'abc' }, PackageText.numbersOnly],
    [{ cost: 0 }, PackageText.min1],
    [{ description: '' }, PackageText.required],
    [{ description: 'abc' }, PackageText.min4Chars],
    [{ charge: '' }, PackageText.required],
    [{ charge: 0 }, PackageText.min1],
    [{ charge: 1.5 }, PackageText.numbersOnly],
    [{ merchant_id: '' }, PackageText.required],
    [{ merchant_id: 'x1' }, PackageText.numbersOnly],
    [{ bonus: 2.5 }, PackageText.numbersOnly],
  ])('refuses %o with the form text', async (change, message) => {
    const body = { cost: 4, description: 'Some pack', charge: 100, bonus: 50, merchant_id: 5, ...change };
    expect(await admin.post('/api/admin/product', body)).toMatchObject({ status: 400, body: { message } });
  });

  it('needs editPayConfig', async () => {
    const designer = await logIn(t, DEMO_EMAILS.designer, TEST_DEMO_PASSWORD);
    const body = { cost: 4, description: 'Some pack', charge: 100, bonus: 50, merchant_id: 5 };
    expect((await t.client().post('/api/admin/product', body)).status).toBe(401);
    expect((await designer.post('/api/admin/product', body)).status).toBe(403);
    expect((await designer.delete(`/api/admin/product/${pack._id}`)).status).toBe(403);
  });
});

describe('card payment in the sandbox', () => {
  it('shows the tax and total, and the sandbox as the card provider', async () => {
    const { client } = await signUpCustomer(t);
    expect((await client.get(`/api/product/${pack._id}/tax`)).body).toEqual({ tax: 0, total: 4 });
    expect((await t.client().get('/api/payment/config')).body).toEqual({
      publicKey: 'sandbox',
      provider: 'sandbox',
    });
    expect((await t.client().get(`/api/product/${pack._id}/tax`)).status).toBe(401);
    expect((await client.get('/api/product/7c1e9f7e-5b7a-4c39-9d6e-2f1f7a4b9a11/tax')).status).toBe(404);
  });

  it('credits 100 main and 50 bonus once, in the ledger, and tells the customer live', async () => {
    const { client, user } = await signUpCustomer(t);
    const socket = t.socket(client);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const pushed = new Promise((resolve) => socket.once(SocketEvent.balance, resolve));

    const secret = await buy(client);
    const confirmed = await client.post('/api/payment/sandbox/confirm', {
      client_secret: secret,
      card: card('4242 4242 4242 4242'),
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { status: 'succeeded', balance: { main: 100, bonus: 70 } },
    });
    expect(await pushed).toEqual({ main: 100, bonus: 70 });
    expect(await balanceOf(client)).toEqual({ main: 100, bonus: 70 });

    const again = await client.post('/api/payment/sandbox/confirm', {
      client_secret: secret,
      card: card(SandboxCard.succeeds),
    });
    expect(again).toMatchObject({ status: 409, body: { message: PaymentText.alreadyProcessed } });
    const rows = await ledgerRowsOf(user._id);
    expect(rows.filter((row) => row.reason === 'payment')).toMatchObject([
      { deltaMain: 100, deltaBonus: 50 },
    ]);
  });

  it('credits nothing for a declined card or insufficient funds, and lets the customer retry', async () => {
    const { client, user } = await signUpCustomer(t);
    const secret = await buy(client);
    expect(
      await client.post('/api/payment/sandbox/confirm', {
        client_secret: secret,
        card: card(SandboxCard.declined),
      }),
    ).toMatchObject({
      status: 402,
      body: { message: PaymentText.cardDeclined },
    });
    expect(
      await client.post('/api/payment/sandbox/confirm', {
        client_secret: secret,
        card: card(SandboxCard.insufficientFunds),
      }),
    ).toMatchObject({ status: 402, body: { message: PaymentText.insufficientFunds } });
    expect(
      await client.post('/api/payment/sandbox/confirm', {
        client_secret: secret,
        card: { ...card(SandboxCard.succeeds), expYear: 2001 },
      }),
    ).toMatchObject({ status: 402, body: { message: PaymentText.cardExpired } });
    expect(await balanceOf(client)).toEqual({ main: 0, bonus: 20 });
    expect((await ledgerRowsOf(user._id)).filter((row) => row.reason === 'payment')).toEqual([]);

    const retried = await client.post('/api/payment/sandbox/confirm', {
      client_secret: secret,
      card: card(SandboxCard.succeeds),
    });
    expect(retried.status).toBe(200);
    expect(await balanceOf(client)).toEqual({ main: 100, bonus: 70 });
  });

  it("refuses another customer's client secret", async () => {
    const ann = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const secret = await buy(ann.client);
    const stolen = await bob.client.post('/api/payment/sandbox/confirm', {
      client_secret: secret,
      card: card(SandboxCard.succeeds),
    });
    expect(stolen.status).toBe(404);
    expect(await balanceOf(bob.client)).toEqual({ main: 0, bonus: 20 });
  });

  it('credits once under 50 concurrent confirmations', async () => {
    const { client, user } = await signUpCustomer(t);
    const secret = await buy(client);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post('/api/payment/sandbox/confirm', {
          client_secret: secret,
          card: card(SandboxCard.succeeds),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(await balanceOf(client)).toEqual({ main: 100, bonus: 70 });
    expect((await ledgerRowsOf(user._id)).filter((row) => row.reason === 'payment')).toHaveLength(1);
  });
});

describe('crypto payment in the sandbox', () => {
  it('shows an invoice with amount, address and status, and credits once when paid', async () => {
    const { client } = await signUpCustomer(t);
    const opened = await client.get(`/api/payment/${pack._id}`);
    // fetch follows the 303 to the invoice page
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toContain('text/html');
    expect(opened.body).toContain('4.00 USD');
    expect(opened.body).toMatch(/<code>T[1-9A-HJ-NP-Za-km-z]{33}<\/code>/);
    expect(opened.body).toContain('Waiting for payment');
    const paymentId = /\/api\/payment\/crypto\/([0-9a-f-]{36})\/simulate/.exec(opened.body)?.[1];
    expect(paymentId).toBeDefined();

    const reopened = await client.get(`/api/payment/${pack._id}`);
    expect(reopened.body).toContain(paymentId);

    // As the page's HTML form sends it: urlencoded, with the session cookie.
    const paid = await fetch(`${t.baseUrl}/api/payment/crypto/${paymentId}/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: client.cookieHeader! },
      body: '',
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Paid');
    await client.post(`/api/payment/crypto/${paymentId}/simulate`);
    expect(await balanceOf(client)).toEqual({ main: 100, bonus: 70 });

    const other = await signUpCustomer(t);
    expect((await other.client.get(`/api/payment/invoice/${paymentId}`)).status).toBe(404);
    expect((await other.client.post(`/api/payment/crypto/${paymentId}/simulate`)).status).toBe(404);
  });

  // Issue 35, item 8: a link on another site must not open payments in the customer's name.
  it('opens no payment for a navigation from another site, and one from our own page', async () => {
    const { client, user } = await signUpCustomer(t);
    const paymentsOfUser = async () =>
      (await t.db.select().from(payments).where(eq(payments.userId, user._id))).length;
    for (const site of ['cross-site', 'same-site']) {
      const answer = await client.request('GET', `/api/payment/${pack._id}`, undefined, {
        headers: { 'sec-fetch-site': site },
      });
      expect(answer, site).toMatchObject({
        status: 403,
        body: { message: PaymentText.invoiceFromOtherSite },
      });
    }
    expect(await paymentsOfUser()).toBe(0);

    const framed = await client.request('GET', `/api/payment/${pack._id}`, undefined, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(framed.status).toBe(200);
    expect(await paymentsOfUser()).toBe(1);
  });
});

describe('Stripe webhooks', () => {
  const webhookSecret = 'whsec_test_secret';
  let stripeApp: TestApp;
  const stripe = new Stripe('sk_test_offline');
  beforeAll(async () => {
    stripeApp = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    });
  });
  afterAll(() => stripeApp.close());

  async function pendingStripePayment(intentId: string) {
    const { user, client } = await signUpCustomer(stripeApp);
    await stripeApp.db.insert(payments).values({
      userId: user._id,
      productId: pack._id,
      method: 'card',
      provider: 'stripe',
      providerRef: intentId,
      clientSecret: `${intentId}_secret`,
      charge: 100,
      bonus: 50,
      costCents: 400,
      taxCents: 0,
      totalCents: 400,
    });
    return { user, client };
  }

  function deliver(payload: string, header: string) {
    return fetch(`${stripeApp.baseUrl}/api/payment/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
  }

  const succeededEvent = (intentId: string, amount = 400) =>
    JSON.stringify({
      id: `evt_${intentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', amount_received: amount, metadata: {} } },
    });

  it('announces Stripe with its publishable key', async () => {
    expect((await stripeApp.client().get('/api/payment/config')).body).toEqual({
      publicKey: 'pk_test_offline',
      provider: 'stripe',
    });
  });

  it('credits a signed payment_intent.succeeded once, however often it arrives', async () => {
    const { client } = await pendingStripePayment('pi_test_once');
    const payload = succeededEvent('pi_test_once');
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(payload, header)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await balanceOf(client)).toEqual({ main: 100, bonus: 70 });
  });

  it('refuses a forged or stale signature and credits nothing', async () => {
    const { client } = await pendingStripePayment('pi_test_forged');
    const payload = succeededEvent('pi_test_forged');
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await deliver(payload, forged)).status).toBe(400);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(payload, stale)).status).toBe(400);
    const tampered = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect((await deliver(payload.replace('400', '40000'), tampered)).status).toBe(400);
    expect(await balanceOf(client)).toEqual({ main: 0, bonus: 20 });
  });
});

describe('NOWPayments callbacks', () => {
  const ipnSecret = 'ipn-secret-for-tests';
  let cryptoApp: TestApp;
  beforeAll(async () => {
    cryptoApp = await createTestApp({
      CRYPTO_PROVIDER: 'nowpayments',
      NOWPAYMENTS_API_KEY: 'key',
      NOWPAYMENTS_IPN_SECRET: ipnSecret,
    });
  });
  afterAll(() => cryptoApp.close());

  async function pendingInvoice() {
    const { user, client } = await signUpCustomer(cryptoApp);
    const [row] = await cryptoApp.db
      .insert(payments)
      .values({
        userId: user._id,
        productId: pack._id,
        method: 'crypto',
        provider: 'nowpayments',
        providerRef: `inv_${user._id}`,
        charge: 100,
        bonus: 50,
        costCents: 400,
        taxCents: 0,
        totalCents: 400,
      })
      .returning();
    return { client, paymentId: row!.id };
  }

  const callback = (body: Record<string, unknown>, signature: string) =>
    fetch(`${cryptoApp.baseUrl}/api/payment/crypto/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
      body: JSON.stringify(body),
    });

  it('credits a finished payment once and ignores the steps before it', async () => {
    const { client, paymentId } = await pendingInvoice();
    const base = {
      payment_id: 5077125051,
      order_id: paymentId,
      price_amount: 4,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
    };
    const confirming = { ...base, payment_status: 'confirming' };
    expect((await callback(confirming, signNowPaymentsBody(confirming, ipnSecret))).status).toBe(200);
    expect(await balanceOf(client)).toEqual({ main: 0, bonus: 20 });

    const finished = { ...base, payment_status: 'finished' };
    for (let i = 0; i < 3; i += 1) {
      expect((await callback(finished, signNowPaymentsBody(finished, ipnSecret))).status).toBe(200);
    }
    expect(await balanceOf(client)).toEqual({ main: 100, bonus: 70 });
  });

  it('refuses a bad signature and an underpaid invoice', async () => {
    const { client, paymentId } = await pendingInvoice();
    const finished = { order_id: paymentId, payment_status: 'finished', price_amount: 4 };
    expect((await callback(finished, signNowPaymentsBody(finished, 'other-secret'))).status).toBe(400);
    const underpaid = { ...finished, price_amount: 3.99 };
    expect((await callback(underpaid, signNowPaymentsBody(underpaid, ipnSecret))).status).toBe(200);
    expect(await balanceOf(client)).toEqual({ main: 0, bonus: 20 });
    const [row] = await cryptoApp.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe('pending');
  });

  it('refuses a signed finished callback whose price does not read as a number, and credits nothing', async () => {
    const { client, paymentId } = await pendingInvoice();
    for (const price of [{}, { price_amount: 'four' }, { price_amount: null }]) {
      const finished = { order_id: paymentId, payment_status: 'finished', ...price };
      const answer = await callback(finished, signNowPaymentsBody(finished, ipnSecret));
      expect({ status: answer.status, body: await answer.json() }, JSON.stringify(price)).toEqual({
        status: 400,
        body: { message: PaymentText.eventInvalid },
      });
    }
    expect(await balanceOf(client)).toEqual({ main: 0, bonus: 20 });
  });
});

describe('token expiry', () => {
  it('zeroes balances idle for a year through the ledger, once', async () => {
    const { expireInactiveBalances } = await import('../ledger/token-expiry');
    const idle = await signUpCustomer(t);
    const active = await signUpCustomer(t);
    const now = t.clock.now();
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(now.getTime() - 366 * 24 * 3600 * 1000) })
      .where(eq(users.id, idle.user._id));

    expect(await expireInactiveBalances(t.db, now)).toBeGreaterThanOrEqual(1);
    expect(await expireInactiveBalances(t.db, now)).toBe(0);
    const [idleRow] = await t.db.select().from(users).where(eq(users.id, idle.user._id));
    expect([idleRow?.balanceMain, idleRow?.balanceBonus]).toEqual([0, 0]);
    expect((await ledgerRowsOf(idle.user._id)).filter((r) => r.reason === 'expiry')).toMatchObject([
      { deltaBonus: -20 },
    ]);
    const [activeRow] = await t.db.select().from(users).where(eq(users.id, active.user._id));
    expect(activeRow?.balanceBonus).toBe(20);
  });
});
