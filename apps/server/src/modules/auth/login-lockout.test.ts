import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerText } from '@retouch/shared/texts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { TEST_ADMIN } from '../../../test/test-config';
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from './login-throttle';
import { REDIS_URL, redisAnswers } from '../../../test/shared-redis';

/**
 * Ten wrong passwords lock an account for strangers only (issue 35, item 7): a browser that signed in to
 * the account before keeps a count of its own, so an attacker cannot lock the owner out.
 */

let address = 0;
/** A login from an address never seen before and without cookies: a stranger. */
async function strangerLogsIn(baseUrl: string, email: string, password: string) {
  address += 1;
  const answer = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `203.0.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
    },
    body: JSON.stringify({ email, password }),
  });
  return { status: answer.status, body: (await answer.json()) as { message?: string } };
}

async function strangerFails(baseUrl: string, email: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    expect((await strangerLogsIn(baseUrl, email, `wrong-${i}-password`)).status).toBe(401);
  }
}

/** The browser signs out, keeping its other cookies, as a browser does when the session ends. */
async function signOut(browser: TestClient) {
  expect((await browser.post('/api/logout')).status).toBe(200);
}

/** `windowMovesWithClock`: the count lives in this process, whose clock the test moves (Redis keeps real time). */
function lockoutTests(app: () => TestApp, windowMovesWithClock: boolean) {
  it('locks strangers out after ten failures while the browser the owner used before still signs in', async () => {
    const t = app();
    const { client: ownersBrowser, credentials } = await signUpCustomer(t);
    await signOut(ownersBrowser);

    await strangerFails(t.baseUrl, credentials.email, LOGIN_FAILURE_LIMIT);
    expect(await strangerLogsIn(t.baseUrl, credentials.email, credentials.password)).toEqual({
      status: 429,
      body: { message: ServerText.tooManyRequests },
    });

    const owner = await ownersBrowser.post('/api/login', credentials);
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ email: credentials.email });
    // The owner signing in does not lift the strangers' lock.
    expect((await strangerLogsIn(t.baseUrl, credentials.email, credentials.password)).status).toBe(429);
  });

  it('keeps the admin able to sign in from the browser used before', async () => {
    const t = app();
    const adminsBrowser = t.client();
    expect((await adminsBrowser.post('/api/login', TEST_ADMIN)).status).toBe(200);
    await signOut(adminsBrowser);

    await strangerFails(t.baseUrl, TEST_ADMIN.email, LOGIN_FAILURE_LIMIT);
    expect((await strangerLogsIn(t.baseUrl, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(429);
    expect((await adminsBrowser.post('/api/login', TEST_ADMIN)).status).toBe(200);
  });

  it("counts a known browser's own failures by themselves, and locks it after ten", async () => {
    const t = app();
    const { client: ownersBrowser, credentials } = await signUpCustomer(t);
    await signOut(ownersBrowser);

    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      const wrong = await ownersBrowser.post('/api/login', { ...credentials, password: `wrong-${i}-pass` });
      expect(wrong.status).toBe(401);
    }
    expect((await ownersBrowser.post('/api/login', credentials)).status).toBe(429);
    // A stranger's count is its own: the right password still signs in from a new browser.
    expect((await strangerLogsIn(t.baseUrl, credentials.email, credentials.password)).status).toBe(200);

    if (!windowMovesWithClock) return;
    t.clock.advance(LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000);
    expect((await ownersBrowser.post('/api/login', credentials)).status).toBe(200);
  });

  it("does not let another account's browser, or a made-up device cookie, count as known", async () => {
    const t = app();
    const { credentials: victim } = await signUpCustomer(t);
    const { client: attackersBrowser } = await signUpCustomer(t);
    await signOut(attackersBrowser);

    const forged = t.client();
    await forged.request(
      'POST',
      '/api/login',
      { ...victim, password: 'wrong-forged-pass' },
      {
        headers: { cookie: `retouch_device=${'A'.repeat(22)}.${'B'.repeat(43)}` },
      },
    );
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1) {
      const wrong = await attackersBrowser.post('/api/login', { ...victim, password: `wrong-${i}-pass` });
      expect(wrong.status).toBe(401);
    }
    // The forged attempt and the other account's browser were counted as strangers: the eleventh is refused.
    expect((await attackersBrowser.post('/api/login', victim)).status).toBe(429);
  });

  it('gives the browser an httpOnly, SameSite=Lax device cookie at a successful login only', async () => {
    const t = app();
    const { credentials } = await signUpCustomer(t);
    const browser = t.client();
    const wrong = await browser.post('/api/login', { ...credentials, password: 'wrong-password' });
    expect(wrong.headers.getSetCookie().some((line) => line.startsWith('retouch_device='))).toBe(false);

    const right = await browser.post('/api/login', credentials);
    const device = right.headers.getSetCookie().find((line) => line.startsWith('retouch_device='));
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Lax/);
    expect(device).toMatch(/Max-Age=\d{7,}/);
    expect(device).not.toMatch(/Secure/);
  });
}

describe('per-account lockout, counted in this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());
  lockoutTests(() => t, true);
});

describe.skipIf(!(await redisAnswers()))('per-account lockout, counted in Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    const prefix = `retouch-test-${process.pid}-${Date.now()}:`;
    t = await createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());
  lockoutTests(() => t, false);
});
