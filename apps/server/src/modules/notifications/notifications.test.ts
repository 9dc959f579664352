import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import type { StaffOrder } from '@retouch/shared/dispatch';
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  NotificationText,
  OrderNotice,
  orderNoticeMessage,
} from '@retouch/shared/notifications';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { orders, pushSubscriptions, refusalReasons, vapidKeys } from '../../db/schema/index';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { adjustBalance, signUpCustomer } from '../../../test/fixtures';
import { decryptPush, startPushService } from '../../../test/push-service';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';
import { createVapidKeySource } from './vapid-keys';
import { waitForState } from '../../../test/limits';

const READY_SUBJECT = 'Your retouched photo is ready';
const REFUSED_SUBJECT = 'Your order was refused and refunded';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let teethId: string;
let teethCost: number;

beforeAll(async () => {
  t = await createTestApp({ TEST_HOOKS: 'true' });
  pushService = await startPushService();
  const teeth = (await catalogServices(t))('Teeth whitening');
  teethId = teeth._id;
  teethCost = teeth.cost;
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

/** A signed-up customer with tokens for several orders. */
async function customerWithTokens() {
  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100, bonus: 0 });
  return customer;
}

async function mailsTo(email: string, subject?: string) {
  return (await t.outbox()).filter((mail) => mail.to === email && (!subject || mail.subject === subject));
}

/** A customer's order delivered by the test hook (a designer's result approved). */
async function deliveredOrder(client: TestClient) {
  const orderId = await placeOrder(client, teethId);
  const delivered = await client.post(`/api/test/orders/${orderId}/deliver`);
  expect(delivered.body).toEqual({ condition: OrderCondition.done });
  return orderId;
}

/** A customer's order refused by a designer, the refusal agreed by a moderator: refused and refunded. */
async function refusedOrder(client: TestClient) {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const designerSocket = await connectedSocket(t, designer!.client);
  const offered = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
  designerSocket.emit(SocketEvent.executorFind, true);
  const orderId = await placeOrder(client, teethId);
  expect((await offered)._id).toBe(orderId);
  const [reason] = await t.db.select().from(refusalReasons).limit(1);
  await designer!.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id });
  const [moderator] = await createStaff(t, 'Moderator');
  const moderatorSocket = await connectedSocket(t, moderator!.client);
  const reviewing = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
  moderatorSocket.emit(SocketEvent.reviewFind, true);
  expect((await reviewing)._id).toBe(orderId);
  expect((await moderator!.client.post('/api/admin/orders/review/refuse/resolve')).status).toBe(200);
  return { orderId, reason: reason!.titleUser };
}

describe('e-mails about a customer’s orders', () => {
  it('mails the customer once when the result is ready, with the link to the order history', async () => {
    const customer = await customerWithTokens();
    await deliveredOrder(customer.client);

    await waitForState(async () =>
      expect(await mailsTo(customer.credentials.email, READY_SUBJECT)).toHaveLength(1),
    );
    const [mail] = await mailsTo(customer.credentials.email, READY_SUBJECT);
    expect(mail!.text).toContain(`Hello ${customer.user.name.giveName},`);
    expect(mail!.text).toContain(`${t.config.PUBLIC_URL}/history`);
    expect(mail!.text).toContain(`${t.config.PUBLIC_URL}/profile`);
  });

  it('mails a refusal with its reason and the tokens returned; the customer’s own tip mails nothing', async () => {
    const customer = await customerWithTokens();
    const { reason } = await refusedOrder(customer.client);

    await waitForState(async () =>
      expect(await mailsTo(customer.credentials.email, REFUSED_SUBJECT)).toHaveLength(1),
    );
    const [mail] = await mailsTo(customer.credentials.email, REFUSED_SUBJECT);
    expect(mail!.text).toContain(reason);
    expect(mail!.text).toContain(`The ${teethCost} tokens it took were returned to your balance.`);
    expect(mail!.text).toContain(`${t.config.PUBLIC_URL}/history`);

    // A tip (6 -> 10) is the customer's own doing: no second "ready" mail.
    const delivered = await deliveredOrder(customer.client);
    await waitForState(async () =>
      expect(await mailsTo(customer.credentials.email, READY_SUBJECT)).toHaveLength(1),
    );
    expect(
      (await customer.client.post(`/api/orders/order/${delivered}/tip`, { data: { amount: 1 } })).status,
    ).toBe(200);
    const pushes = pushService.subscription();
    await customer.client.post('/api/push/subscriptions', pushes.body);
    await deliveredOrder(customer.client);
    // The push of the next delivery comes after its mail: by then the tip's would have come too.
    await waitForState(() => expect(pushService.pushesTo(pushes.path)).toHaveLength(1));
    expect(await mailsTo(customer.credentials.email, READY_SUBJECT)).toHaveLength(2);
  });

  it('sends none once the customer turned them off in the profile; the switch is kept', async () => {
    const customer = await customerWithTokens();
    expect((await customer.client.get('/api/user/notifications')).body).toEqual({ orderEmails: true });
    const off = await customer.client.patch('/api/user/notifications', { orderEmails: false });
    expect(off.body).toEqual({ orderEmails: false });
    expect((await customer.client.get('/api/user/notifications')).body).toEqual({ orderEmails: false });
    expect((await customer.client.patch('/api/user/notifications', { orderEmails: 'no' })).status).toBe(400);
    expect((await t.client().get('/api/user/notifications')).status).toBe(401);

    const pushes = pushService.subscription();
    expect((await customer.client.post('/api/push/subscriptions', pushes.body)).status).toBe(204);
    await deliveredOrder(customer.client);
    // The mail is decided before the push is sent: once the push came, no mail is on its way.
    await waitForState(() => expect(pushService.pushesTo(pushes.path)).toHaveLength(1));
    expect(await mailsTo(customer.credentials.email)).toHaveLength(1); // the registration's confirmation

    await customer.client.patch('/api/user/notifications', { orderEmails: true });
    await deliveredOrder(customer.client);
    await waitForState(async () =>
      expect(await mailsTo(customer.credentials.email, READY_SUBJECT)).toHaveLength(1),
    );
  });
});

describe('Web Push', () => {
  it('answers the same VAPID public key every time, kept in the database across restarts', async () => {
    const customer = await customerWithTokens();
    const first = await customer.client.get('/api/push/public-key');
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await customer.client.get('/api/push/public-key')).body).toEqual(first.body);
    // Another instance (or this one restarted) finds the same pair.
    const restarted = createVapidKeySource(t.db, t.config);
    expect((await restarted.get())?.publicKey).toBe(first.body.publicKey);
    expect(await t.db.select().from(vapidKeys)).toHaveLength(1);
    expect((await t.client().get('/api/push/public-key')).status).toBe(401);
  });

  it('uses the configured pair, and is off in production without one', async () => {
    const configured = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
    const source = createVapidKeySource(t.db, {
      VAPID_PUBLIC_KEY: configured.publicKey,
      VAPID_PRIVATE_KEY: configured.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      isProduction: true,
    });
    expect(await source.get()).toEqual({ ...configured, subject: 'mailto:ops@example.com' });
    const off = createVapidKeySource(t.db, { VAPID_SUBJECT: 'mailto:ops@example.com', isProduction: true });
    expect(await off.get()).toBeUndefined();
  });

  it('pushes the result to each subscribed browser: VAPID-signed, aes128gcm-encrypted for its keys', async () => {
    const customer = await customerWithTokens();
    const phone = pushService.subscription();
    const laptop = pushService.subscription();
    for (const browser of [phone, laptop])
      expect((await customer.client.post('/api/push/subscriptions', browser.body)).status).toBe(204);
    const orderId = await deliveredOrder(customer.client);

    await waitForState(() => {
      expect(pushService.pushesTo(phone.path)).toHaveLength(1);
      expect(pushService.pushesTo(laptop.path)).toHaveLength(1);
    });
    const [push] = pushService.pushesTo(phone.path);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const authorization = /^vapid t=([^,]+), k=(\S+)$/.exec(String(push!.headers.authorization));
    expect(authorization).not.toBeNull();
    const [, jwt, key] = authorization!;
    const { publicKey } = (await customer.client.get('/api/push/public-key')).body;
    expect(key).toBe(publicKey);
    // The JWT is signed with the server's private key, for this push service, naming who to contact.
    const raw = Buffer.from(publicKey, 'base64url');
    const verifier = createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
    });
    const { payload } = await jwtVerify(jwt!, verifier, { audience: pushService.origin });
    expect(payload.sub).toBe(t.config.VAPID_SUBJECT);
    // Only the browser's keys open it; the laptop's do not open the phone's.
    expect(decryptPush(push!, phone.keys)).toEqual(orderNoticeMessage(orderId, OrderNotice.resultReady));
    expect(() => decryptPush(push!, laptop.keys)).toThrow();
  });

  it('pushes a refusal too, encrypted for the browser', async () => {
    const customer = await customerWithTokens();
    const browser = pushService.subscription();
    await customer.client.post('/api/push/subscriptions', browser.body);
    const { orderId } = await refusedOrder(customer.client);

    await waitForState(() => expect(pushService.pushesTo(browser.path)).toHaveLength(1));
    expect(decryptPush(pushService.pushesTo(browser.path)[0]!, browser.keys)).toEqual(
      orderNoticeMessage(orderId, OrderNotice.refused),
    );
  });

  it('deletes a subscription the push service says is gone (410, 404) and keeps the others', async () => {
    const customer = await customerWithTokens();
    const gone = pushService.subscription(410);
    const unknown = pushService.subscription(404);
    const failing = pushService.subscription(500);
    const live = pushService.subscription();
    for (const browser of [gone, unknown, failing, live])
      await customer.client.post('/api/push/subscriptions', browser.body);
    await deliveredOrder(customer.client);

    await waitForState(async () => {
      const endpoints = (
        await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.user._id))
      ).map((row) => row.endpoint);
      expect(endpoints.sort()).toEqual([failing.body.endpoint, live.body.endpoint].sort());
      // The four pushes go out side by side: the gone ones' deletions may be done before the others
      // reached the service (a run under load failed here when these were asserted after the wait).
      // A service error (500) is logged and the subscription kept for the next push.
      expect(pushService.pushesTo(failing.path)).toHaveLength(1);
      expect(pushService.pushesTo(live.path)).toHaveLength(1);
    });
  });

  it('refuses subscriptions that are not https to a public host, or whose keys are not a browser’s', async () => {
    const customer = await customerWithTokens();
    const valid = pushService.subscription().body;
    const refused = async (body: unknown) =>
      (await customer.client.post('/api/push/subscriptions', body)).body;
    for (const endpoint of [
      'http://push.example.com/send/1',
      'https://10.0.0.7/send/1',
      'https://push.example.com:8443/send/1',
      'https://metadata.internal/latest',
    ])
      expect(await refused({ ...valid, endpoint })).toEqual({
        message: NotificationText.pushEndpointRefused,
      });
    for (const body of [
      { ...valid, endpoint: 'ftp://push.example.com/1' },
      { ...valid, endpoint: 'not a url' },
      { ...valid, keys: { ...valid.keys, auth: 'short' } },
      // 65 bytes, but not an uncompressed point.
      { ...valid, keys: { ...valid.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } },
      { endpoint: valid.endpoint },
    ])
      expect(await refused(body)).toEqual({ message: NotificationText.subscriptionInvalid });
    expect((await t.client().post('/api/push/subscriptions', valid)).status).toBe(401);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.user._id)),
    ).toEqual([]);
  });

  it('keeps the newest subscriptions of a customer, and forgets one on DELETE by its owner only', async () => {
    const customer = await customerWithTokens();
    const other = await signUpCustomer(t);
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2 }, () =>
      pushService.subscription(),
    );
    for (const browser of browsers) {
      await customer.client.post('/api/push/subscriptions', browser.body);
      t.clock.advance(1000);
    }
    const endpointsOf = async (userId: string) =>
      (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
        .map((row) => row.endpoint)
        .sort();
    expect(await endpointsOf(customer.user._id)).toEqual(
      browsers
        .slice(2)
        .map((browser) => browser.body.endpoint)
        .sort(),
    );

    const kept = browsers.at(-1)!.body.endpoint;
    expect((await other.client.request('DELETE', '/api/push/subscriptions', { endpoint: kept })).status).toBe(
      204,
    );
    expect(await endpointsOf(customer.user._id)).toContain(kept);
    expect(
      (await customer.client.request('DELETE', '/api/push/subscriptions', { endpoint: kept })).status,
    ).toBe(204);
    expect(await endpointsOf(customer.user._id)).not.toContain(kept);
  });

  it('keeps an endpoint with the account that registered it: another account posting it gets 409', async () => {
    const owner = await customerWithTokens();
    const other = await customerWithTokens();
    const browser = pushService.subscription();
    expect((await owner.client.post('/api/push/subscriptions', browser.body)).status).toBe(204);
    const ownerRow = () =>
      t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.body.endpoint));
    const [before] = await ownerRow();

    const theirKeys = pushService.subscription().body.keys;
    // The same address written another way (trailing dot) is the same endpoint.
    for (const endpoint of [
      browser.body.endpoint,
      browser.body.endpoint.replace('127.0.0.1', '127.0.0.1.'),
    ]) {
      const taken = await other.client.post('/api/push/subscriptions', { endpoint, keys: theirKeys });
      expect(taken.status, endpoint).toBe(409);
      expect(taken.body).toEqual({ message: NotificationText.endpointTaken });
    }
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, other.user._id)),
    ).toEqual([]);
    expect(await ownerRow()).toEqual([before]);

    // The owner's browser still receives the owner's news, encrypted for its keys; the other's goes nowhere.
    await deliveredOrder(other.client);
    const orderId = await deliveredOrder(owner.client);
    await waitForState(() => expect(pushService.pushesTo(browser.path)).toHaveLength(1));
    expect(decryptPush(pushService.pushesTo(browser.path)[0]!, browser.keys)).toEqual(
      orderNoticeMessage(orderId, OrderNotice.resultReady),
    );
    // The owner subscribing again (new keys) still replaces its own row.
    expect(
      (await owner.client.post('/api/push/subscriptions', { ...browser.body, keys: theirKeys })).status,
    ).toBe(204);
    expect((await ownerRow()).map((row) => [row.userId, row.auth])).toEqual([
      [owner.user._id, theirKeys.auth],
    ]);
  });
});

describe('a mail that cannot be sent', () => {
  let broken: TestApp;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    const failingMailer: Mailer = {
      async send(message) {
        if (message.subject === READY_SUBJECT) throw new Error('SMTP is down');
        sent.push(message);
      },
    };
    broken = await createTestApp({ TEST_HOOKS: 'true' }, { mailer: failingMailer });
  });
  afterAll(() => broken.close());

  it('fails nothing: the order is delivered, the customer hears it live and by push', async () => {
    const customer = await signUpCustomer({
      ...broken,
      // The confirmation mail went to the mailer above, not to the outbox.
      outbox: async () => sent.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text })),
    });
    const browser = pushService.subscription();
    expect((await customer.client.post('/api/push/subscriptions', browser.body)).status).toBe(204);
    const socket = await connectedSocket(broken, customer.client);
    const changes = collectEvents<{ condition: number }>(socket, SocketEvent.changeOrders);

    const orderId = await placeOrder(customer.client, (await catalogServices(broken))('Teeth whitening')._id);
    const delivered = await customer.client.post(`/api/test/orders/${orderId}/deliver`);
    expect(delivered.status).toBe(200);
    await waitForState(() => expect(pushService.pushesTo(browser.path)).toHaveLength(1));
    await waitForState(() => expect(changes.at(-1)?.condition).toBe(OrderCondition.done));
    const [row] = await broken.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.condition).toBe(OrderCondition.done);
  });
});
