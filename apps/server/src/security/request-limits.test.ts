import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentText } from '@retouch/shared/payments';
import { SocketEvent } from '@retouch/shared/realtime';
import { AdminServerText, ServerText } from '@retouch/shared/texts';
import { imageForm, logIn, signUpCustomer } from '../../test/fixtures';
import { connectedSocket, nextEvent } from '../../test/staff-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { TEST_ADMIN } from '../../test/test-config';
import { AppError } from '../lib/app-error';
import { JSON_BODY_LIMIT_BYTES, MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../lib/json-limits';
import { parseInput } from '../lib/validation';
import type { ApiRoute } from '../plugins/route-table';

/** Issue 16, item 2: bodies too big or nested too deep, and actions one account could repeat without end. */

/** JSON arrays nested `depth` deep. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** A value nested `depth` deep around `leaf`, built without recursion. */
function deepValue(depth: number, leaf: unknown = 'leaf'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}
/** A request path for a route pattern: every id is one that does not exist. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace('*', 'x');
const WEBHOOKS = new Set(['/api/payment/stripe/webhook', '/api/payment/crypto/callback']);
const WEBHOOK_SECRET = 'whsec_request_limits';

describe('JSON bodies too big or nested too deep', () => {
  let t: TestApp;
  let customer: TestClient;
  let admin: TestClient;
  let changingRoutes: ApiRoute[];

  beforeAll(async () => {
    // Both payment providers on, so that their webhooks read and check what they receive.
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CRYPTO_PROVIDER: 'nowpayments',
      NOWPAYMENTS_API_KEY: 'key',
      NOWPAYMENTS_IPN_SECRET: 'ipn-secret-for-tests',
      FEEDBACK_RATE_LIMIT_PER_HOUR: '1000',
    });
    customer = (await signUpCustomer(t)).client;
    admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const seen = new Set<string>();
    changingRoutes = t.app.apiRoutes
      .filter((route) => {
        const key = `${route.method} ${route.url}`;
        return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !seen.has(key) && seen.add(key);
      })
      // Last, so that a logout let through by mistake cannot turn the other routes' answers into 401s.
      .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
  });
  afterAll(() => t.close());

  /** A raw JSON body as the client's browser would send it; signature headers ride along for the webhooks. */
  function sendJson(client: TestClient, method: string, path: string, body: string) {
    return fetch(`${t.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': 't=1,v1=00',
        'x-nowpayments-sig': '00',
        ...(client.cookieHeader ? { cookie: client.cookieHeader } : {}),
      },
      body,
    });
  }

  /** Sends `body` to every changing route as a visitor, a customer and an admin; answers what each said. */
  async function sendEverywhere(body: string) {
    const answers: Array<{ route: string; status: number; message: unknown }> = [];
    for (const [role, client] of [
      ['visitor', t.client()],
      ['customer', customer],
      ['admin', admin],
    ] as const) {
      for (const route of changingRoutes) {
        const response = await sendJson(client, route.method, pathOf(route.url), body);
        const text = await response.text();
        const message = response.headers.get('content-type')?.includes('application/json')
          ? (JSON.parse(text) as { message?: unknown }).message
          : text.slice(0, 100);
        answers.push({ route: `${route.method} ${route.url} as ${role}`, status: response.status, message });
      }
    }
    return answers;
  }

  it('covers the routes that take JSON, multipart ones and webhooks', () => {
    const keys = changingRoutes.map((route) => `${route.method} ${route.url}`);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/orders/create',
        'PATCH /api/user/change/password',
        'POST /api/payment/stripe/webhook',
        'POST /api/payment/crypto/callback',
      ]),
    );
  });

  it('never answers 5xx to 500 000 nested brackets', async () => {
    const answers = await sendEverywhere(nested(500_000));
    expect(answers.filter((answer) => ![400, 401, 403, 404, 413].includes(answer.status))).toEqual([]);
    expect(answers.filter((answer) => answer.status === 413).length).toBeGreaterThan(0);
  }, 300_000);

  it('refuses brackets nested as deep as 64 KB allows with 400, never 5xx', async () => {
    const answers = await sendEverywhere(nested(JSON_BODY_LIMIT_BYTES / 2 - 100));
    expect(answers.filter((answer) => answer.status !== 400)).toEqual([]);
  }, 300_000);

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with its own message`, async () => {
    const answers = await sendEverywhere(`{"data":${nested(MAX_JSON_DEPTH)}}`);
    const ordinary = answers.filter((answer) => ![...WEBHOOKS].some((url) => answer.route.includes(url)));
    // In the language of the side that asked: the back office's calls read Russian.
    const textsOf = (route: string) =>
      / \/api\/(admin|analytics|executor)\//.test(route) ? AdminServerText : ServerText;
    expect(
      ordinary.filter(
        (answer) => answer.status !== 400 || answer.message !== textsOf(answer.route).jsonTooDeep,
      ),
    ).toEqual([]);
    // The webhooks read their raw bytes and refuse what is not a signed event.
    const webhooks = answers.filter((answer) => !ordinary.includes(answer));
    expect(webhooks.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400]);
  }, 120_000);

  it('takes a body nested exactly as deep as allowed, and counts no bracket inside strings', async () => {
    const visitor = t.client();
    for (const body of [
      `{"email":${nested(MAX_JSON_DEPTH - 1)},"password":"secret-password"}`,
      `{"email":"${'['.repeat(100)}","password":"\\"${'{'.repeat(100)}"}`,
    ]) {
      const answer = await sendJson(visitor, 'POST', '/api/login', body);
      expect([400, 401]).toContain(answer.status);
      expect(((await answer.json()) as { message: string }).message).not.toBe(ServerText.jsonTooDeep);
    }
  });

  it('answers 413 with a JSON message past 64 KB, and reads a body of exactly 64 KB', async () => {
    const visitor = t.client();
    const padded = (bytes: number) => {
      const start = '{"email":"a@example.com","password":"';
      return `${start}${'x'.repeat(bytes - start.length - 2)}"}`;
    };
    const over = await sendJson(visitor, 'POST', '/api/login', padded(JSON_BODY_LIMIT_BYTES + 1));
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toMatch(/too large/i);
    const atLimit = await sendJson(visitor, 'POST', '/api/login', padded(JSON_BODY_LIMIT_BYTES));
    expect(atLimit.status).toBe(400);
  });

  it('still refuses prototype poisoning', async () => {
    const answer = await sendJson(
      t.client(),
      'POST',
      '/api/registration',
      '{"email":"p@example.com","password":"secret-password","__proto__":{"isAdmin":true}}',
    );
    expect(answer.status).toBe(400);
  });

  it('takes a signed Stripe event bigger than 64 KB (real events can be), and checks its signature', async () => {
    const payload = JSON.stringify({
      id: 'evt_big',
      object: 'event',
      type: 'customer.updated',
      data: { object: { id: 'cus_big', metadata: { notes: 'x'.repeat(200_000) } } },
    });
    const signed = (secret: string) =>
      fetch(`${t.baseUrl}/api/payment/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': new Stripe('sk_test_offline').webhooks.generateTestHeaderString({
            payload,
            secret,
          }),
        },
        body: payload,
      });
    const answer = await signed(WEBHOOK_SECRET);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    const forged = await signed('whsec_wrong');
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(PaymentText.signatureInvalid);
  });

  it('reads the multipart data field with the same depth limit', async () => {
    for (const [method, url] of [
      ['POST', '/api/orders/create'],
      ['PATCH', '/api/user/change/info'],
    ]) {
      const tooDeep = await customer.request(
        method!,
        url!,
        imageForm({ data: nested(MAX_JSON_DEPTH + 1) }, {}),
      );
      expect(tooDeep).toMatchObject({ status: 400, body: { message: ServerText.jsonTooDeep } });
      const flood = await customer.request(method!, url!, imageForm({ data: nested(500_000) }, {}));
      expect([400, 413]).toContain(flood.status);
    }
  }, 60_000);

  it('closes a socket that sends a huge event, and keeps serving', async () => {
    const socket = await connectedSocket(t, customer);
    const disconnected = nextEvent(socket, 'disconnect');
    socket.io.engine.write(`42["${SocketEvent.executorFind}",${nested(500_000)}]`);
    expect(await disconnected).toBe('transport close');
    expect((await customer.get('/api/user/info')).status).toBe(200);
  }, 30_000);
});

describe('the depth check and the NUL scan', () => {
  it('measures depth on the raw text in one pass, minding strings and escapes', () => {
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":[1]}}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[{{{{","b":"\\"[[[[\\\\"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('"\\\\"[[', 1)).toBe(true);
    expect(jsonNestsDeeperThan(']]]]]]][[[[', 3)).toBe(true);
  });

  it('walks a value nested past any call stack without a RangeError', () => {
    const schema = z.object({ name: z.string() });
    const refused = (value: unknown) => {
      try {
        parseInput(schema, value);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused({ name: deepValue(100_000) })).toMatchObject({ statusCode: 400 });
    const withNul = refused({ name: deepValue(100_000, 'a\u0000b') });
    expect(withNul).toBeInstanceOf(AppError);
    expect((withNul as AppError).message).toMatch(/^Invalid value: name\.0\.0/);
    expect(parseInput(z.unknown(), deepValue(100_000))).toBeDefined();
  });

  it('still names the first field that carries a NUL', () => {
    expect(() => parseInput(z.unknown(), { a: 'ok', b: { c: ['x', 'y\u0000'] }, d: '\u0000' })).toThrow(
      'Invalid value: b.c.1',
    );
    expect(() => parseInput(z.unknown(), { ['k\u0000']: 1 })).toThrow('Invalid value: k\u0000');
    expect(() => parseInput(z.unknown(), 'a\u0000')).toThrow('Invalid value: body');
  });
});

describe('limits per account on repeatable actions', () => {
  const LIMIT = 3;
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      ORDER_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      ORDER_ACTION_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      PASSWORD_CHANGE_RATE_LIMIT_PER_15_MINUTES: String(LIMIT),
      LOGOUT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    });
    alice = (await signUpCustomer(t)).client;
    bob = (await signUpCustomer(t)).client;
  });
  afterAll(() => t.close());

  const actions: Array<[string, string, () => string, () => unknown]> = [
    ['order creation', 'POST', () => '/api/orders/create', () => imageForm({ data: '{}' }, {})],
    ['a tip', 'POST', () => `/api/orders/order/${randomUUID()}/tip`, () => ({ data: { amount: 1 } })],
    ['a revision', 'POST', () => `/api/orders/refusal/${randomUUID()}`, () => ({ message: 'Softer' })],
    [
      'a password change',
      'PATCH',
      () => '/api/user/change/password',
      () => ({ oldPassword: 'not-the-password', password: 'another-secret-password' }),
    ],
  ];

  for (const [name, method, path, body] of actions) {
    it(`answers 429 to ${name} past the limit of one account, while another account is served`, async () => {
      for (let i = 0; i < LIMIT; i += 1) {
        expect((await alice.request(method, path(), body())).status).not.toBe(429);
      }
      expect(await alice.request(method, path(), body())).toMatchObject({
        status: 429,
        body: { message: ServerText.tooManyRequests },
      });
      // Both send from the same address: the count is the account's.
      expect((await bob.request(method, path(), body())).status).not.toBe(429);
    });
  }

  it('limits logouts per address', async () => {
    const visitor = t.client();
    for (let i = 0; i < LIMIT; i += 1) expect((await visitor.post('/api/logout')).status).toBe(200);
    expect(await visitor.post('/api/logout')).toMatchObject({
      status: 429,
      body: { message: ServerText.tooManyRequests },
    });
  });
});
