import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newRegistration } from '../../test/fixtures';
import { waitForState } from '../../test/limits';
import { captureLog } from '../../test/log-capture';

const { stream: logStream, logged } = captureLog();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', ANDROID_HMAC_SECRET: 'android-secret-for-tests' },
    { logStream },
  );
});
afterAll(() => t.close());

/** The link's query values mailed last to that address. */
async function mailedLink(email: string, path: string) {
  await waitForState(async () => {
    expect((await t.outbox()).some((mail) => mail.to === email && mail.text.includes(path))).toBe(true);
  });
  const mail = (await t.outbox()).filter((m) => m.to === email && m.text.includes(path)).at(-1)!;
  const link = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(mail.text)![0];
  return new URL(link).searchParams;
}

describe('secrets never reach the log', () => {
  it('logs the confirmation mail as recipient and subject, and the confirmation URL without its token', async () => {
    const body = newRegistration();
    expect((await t.client().post('/api/registration', body)).status).toBe(201);
    const query = await mailedLink(body.email, '/confirm');
    const token = query.get('token')!;
    await waitForState(() => expect(logged()).toContain('Confirm your e-mail'));
    expect(logged()).toContain(body.email);

    const confirmUrl = `/api/email/confirm?userId=${query.get('userId')}&token=${token}`;
    expect((await t.client().get(confirmUrl)).status).toBe(200);
    // The page the mail links to, served by the web app, is logged the same way.
    await t.client().get(`/confirm?userId=${query.get('userId')}&token=${token}`);

    // Each request is one line with its path and no query (plugins/request-log.ts).
    await waitForState(() => expect(logged()).toContain('GET /api/email/confirm 200'));
    expect(logged()).not.toContain(token);
    expect(logged()).not.toContain(body.password);
  });

  it('logs the password reset mail and URLs without the token', async () => {
    const body = newRegistration();
    await t.client().post('/api/registration', body);
    expect((await t.client().post('/api/password/forgot', { email: body.email })).status).toBe(200);
    const token = (await mailedLink(body.email, '/reset-password')).get('token')!;
    await waitForState(() => expect(logged()).toContain('Reset your password'));
    await t.client().get(`/reset-password?token=${token}`);
    expect((await t.client().post('/api/password/reset', { token, password: 'new-secret-9' })).status).toBe(
      200,
    );
    expect(logged()).not.toContain(token);
    expect(logged()).not.toContain('new-secret-9');
  });

  it('keeps the OAuth code and state, the hook hash and any token, secret or password parameter out', async () => {
    const secrets = {
      code: 'oauth-code-SECRET1',
      state: 'oauth-state-SECRET2',
      hash: 'android-hash-SECRET3',
      idToken: 'id-token-SECRET4',
      accessToken: 'access-token-SECRET5',
      clientSecret: 'client-secret-SECRET6',
      password: 'password-SECRET7',
    };
    const client = t.client();
    await client.get(`/api/login/google/callback?code=${secrets.code}&state=${secrets.state}`);
    await client.get(`/api/auth/github/callback?state=${secrets.state}&code=${secrets.code}&iss=x`);
    await client.get(`/api/login/facebook/callback?id_token=${secrets.idToken}&state=${secrets.state}`);
    await client.get(
      `/api/login/google/android?email=ann%40example.com&userId=1&userName=Ann&hash=${secrets.hash}`,
    );
    await client.get(
      `/api/catalog?access_token=${secrets.accessToken}&client_secret=${secrets.clientSecret}&newPassword=${secrets.password}`,
    );
    await waitForState(() => expect(logged()).toContain('GET /api/catalog '));
    for (const secret of Object.values(secrets)) expect(logged()).not.toContain(secret);
    expect(logged()).toContain('GET /api/login/google/callback ');
    expect(logged()).toContain('GET /api/login/google/android ');
  });
});
