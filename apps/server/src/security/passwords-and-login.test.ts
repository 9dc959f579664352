import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from '../modules/auth/login-throttle';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newRegistration, signUpCustomer } from '../../test/fixtures';
import { TEST_ADMIN } from '../../test/test-config';
import { waitForState } from '../../test/limits';
import { REDIS_URL, redisAnswers } from '../../test/shared-redis';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy, so each attempt may come from an address of its own (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

describe('the most common passwords', () => {
  it.each(['password', 'PassWord', 'abc123', 'qwerty', 'letmein', 'monkey', 'iloveyou'])(
    'refuses %s at registration, keeping the spec minimum and its text',
    async (password) => {
      const answer = await t.client().post('/api/registration', newRegistration({ password }));
      expect(answer).toMatchObject({ status: 400, body: { message: ServerText.passwordTooCommon } });
    },
  );

  it('keeps the minimum length of 6 and its text, common or not', async () => {
    for (const password of ['12345', 'abc']) {
      const answer = await t.client().post('/api/registration', newRegistration({ password }));
      expect(answer).toMatchObject({ status: 400, body: { message: CustomerText.passwordTooShort } });
    }
    const uncommon = await t.client().post('/api/registration', newRegistration({ password: 'g7-kwz' }));
    expect(uncommon.status).toBe(201);
  });

  it('refuses one at a password change and keeps the old password', async () => {
    const { client, credentials } = await signUpCustomer(t);
    const answer = await client.patch('/api/user/change/password', {
      oldPassword: credentials.password,
      password: 'Football',
    });
    expect(answer).toMatchObject({ status: 400, body: { message: ServerText.passwordTooCommon } });
    const again = await t.client().post('/api/login', credentials);
    expect(again.status).toBe(200);
  });

  it('refuses one at a password reset and keeps the link usable', async () => {
    const { credentials } = await signUpCustomer(t);
    await t.client().post('/api/password/forgot', { email: credentials.email });
    let token = '';
    await waitForState(async () => {
      const mail = (await t.outbox()).find((m) => m.to === credentials.email && m.text.includes('reset'));
      token = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    });
    const refused = await t.client().post('/api/password/reset', { token, password: 'sunshine' });
    expect(refused).toMatchObject({ status: 400, body: { message: ServerText.passwordTooCommon } });
    const accepted = await t.client().post('/api/password/reset', { token, password: 'sunshine-over-k2' });
    expect(accepted.status).toBe(200);
  });
});

let address = 0;
/** A login from an address never seen before, so the per-IP limit is not what answers. */
async function logInFromNewAddress(baseUrl: string, email: string, password: string) {
  address += 1;
  const answer = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
    },
    body: JSON.stringify({ email, password }),
  });
  return { status: answer.status, body: (await answer.json()) as { message?: string } };
}

async function failLogins(baseUrl: string, email: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    expect((await logInFromNewAddress(baseUrl, email, `wrong-${i}-password`)).status).toBe(401);
  }
}

describe('per-account login throttling', () => {
  it('locks the account after repeated failures from any address, even for the right password, until the window ends', async () => {
    const { credentials } = await signUpCustomer(t);
    const { credentials: bystander } = await signUpCustomer(t);
    await failLogins(t.baseUrl, credentials.email, LOGIN_FAILURE_LIMIT);

    const locked = await logInFromNewAddress(t.baseUrl, credentials.email, credentials.password);
    expect(locked).toEqual({ status: 429, body: { message: ServerText.tooManyRequests } });
    // The same account in another spelling is the same account.
    const spelled = await logInFromNewAddress(
      t.baseUrl,
      ` ${credentials.email.toUpperCase()} `,
      credentials.password,
    );
    expect(spelled.status).toBe(429);
    // Other accounts are not touched.
    expect((await logInFromNewAddress(t.baseUrl, bystander.email, bystander.password)).status).toBe(200);

    t.clock.advance(LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000);
    expect((await logInFromNewAddress(t.baseUrl, credentials.email, credentials.password)).status).toBe(200);
  });

  it('forgets the failures at a successful login', async () => {
    const { credentials } = await signUpCustomer(t);
    await failLogins(t.baseUrl, credentials.email, LOGIN_FAILURE_LIMIT - 1);
    expect((await logInFromNewAddress(t.baseUrl, credentials.email, credentials.password)).status).toBe(200);
    await failLogins(t.baseUrl, credentials.email, LOGIN_FAILURE_LIMIT - 1);
    expect((await logInFromNewAddress(t.baseUrl, credentials.email, credentials.password)).status).toBe(200);
  });

  it('counts unknown e-mails the same way, so the answer does not tell which accounts exist', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    await failLogins(t.baseUrl, email, LOGIN_FAILURE_LIMIT);
    expect((await logInFromNewAddress(t.baseUrl, email, 'anything-at-all')).status).toBe(429);
  });

  it('locks the admin for one window only', async () => {
    await failLogins(t.baseUrl, TEST_ADMIN.email, LOGIN_FAILURE_LIMIT);
    // Further failures during the lock do not extend it.
    for (let i = 0; i < 3; i += 1) {
      expect((await logInFromNewAddress(t.baseUrl, TEST_ADMIN.email, 'wrong')).status).toBe(429);
    }
    t.clock.advance(LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000);
    expect((await logInFromNewAddress(t.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
  });
});

describe.skipIf(!(await redisAnswers()))('per-account login throttling on several instances', () => {
  // Two instances sharing one Redis (each over a database of its own, both with the seeded admin), made
  // under the hooks' limit: with both cores busy elsewhere they took most of the test's 20 s.
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const prefix = `retouch-test-${process.pid}-${Date.now()}:`;
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true' };
    first = await createTestApp(env);
    second = await createTestApp(env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  // 32 logins, each a password hash checked (an unknown e-mail's too): CPU work under the suite's limit.
  it('shares the failure count through Redis', async () => {
    const email = `shared-${Date.now()}@example.com`;
    await failLogins(first.baseUrl, email, LOGIN_FAILURE_LIMIT - 1);
    await failLogins(second.baseUrl, email, 1);
    expect((await logInFromNewAddress(first.baseUrl, email, 'whatever-1')).status).toBe(429);
    expect((await logInFromNewAddress(second.baseUrl, email, 'whatever-2')).status).toBe(429);

    // A success clears the count everywhere.
    await failLogins(first.baseUrl, TEST_ADMIN.email, LOGIN_FAILURE_LIMIT - 1);
    expect((await logInFromNewAddress(second.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(
      200,
    );
    await failLogins(first.baseUrl, TEST_ADMIN.email, LOGIN_FAILURE_LIMIT - 1);
    expect((await logInFromNewAddress(first.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(
      200,
    );
  });
});
