import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { tokenLedger } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmationQuery, newRegistration, signUpCustomer } from '../../../test/fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/registration', () => {
  it('creates an unconfirmed customer with 20 bonus tokens in the ledger and mails the link', async () => {
    const body = newRegistration();
    const answer = await t.client().post('/api/registration', body);

    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      message: ServerText.confirmEmailSent,
      userId: expect.any(String),
      dateStart: expect.any(String),
    });
    const ledger = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, answer.body.userId));
    expect(ledger).toMatchObject([{ deltaMain: 0, deltaBonus: 20, reason: 'registration_bonus' }]);
    expect(await confirmationQuery(t, body.email)).toContain(`userId=${answer.body.userId}`);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it.each([
    [{ email: '' }, CustomerText.emailRequired],
    [{ email: 'not-an-email' }, CustomerText.emailInvalid],
    [{ password: '' }, CustomerText.passwordRequired],
    [{ password: '12345' }, CustomerText.passwordTooShort],
    [{ name: { giveName: '', familyName: 'Lee' } }, CustomerText.firstNameRequired],
    [{ name: { giveName: 'Ann', familyName: '  ' } }, CustomerText.lastNameRequired],
  ])('refuses %o with 400 and the specification text', async (change, message) => {
    const answer = await t.client().post('/api/registration', { ...newRegistration(), ...change });
    expect(answer).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses an e-mail already registered, in any letter case, and writes nothing', async () => {
    const body = newRegistration();
    await t.client().post('/api/registration', body);
    const again = await t.client().post('/api/registration', { ...body, email: body.email.toUpperCase() });
    expect(again).toMatchObject({ status: 409, body: { message: ServerText.emailTaken } });
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

describe('e-mail confirmation', () => {
  it('lets an unconfirmed account log in only after the link is opened', async () => {
    const body = newRegistration();
    const client = t.client();
    const registered = await client.post('/api/registration', body);

    const pending = await client.post('/api/login', { email: body.email, password: body.password });
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({
      message: ServerText.confirmEmailSent,
      userId: registered.body.userId,
      dateStart: registered.body.dateStart,
    });
    expect(client.cookieHeader).toBeUndefined();

    const confirmed = await client.get(`/api/email/confirm?${await confirmationQuery(t, body.email)}`);
    expect(confirmed).toMatchObject({ status: 200, body: { message: ServerText.emailConfirmed } });

    const login = await client.post('/api/login', { email: body.email, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      email: body.email,
      balance: { main: 0, bonus: 20 },
      role: { title: 'User' },
      isAdmin: false,
    });
    expect(login.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(login.headers.get('set-cookie')).toMatch(/SameSite=Lax/);
  });

  it('refuses a wrong or missing token', async () => {
    const { userId } = (await t.client().post('/api/registration', newRegistration())).body;
    const wrong = await t.client().get(`/api/email/confirm?userId=${userId}&token=${'x'.repeat(43)}`);
    expect(wrong).toMatchObject({ status: 400, body: { message: ServerText.confirmationInvalid } });
    const missing = await t.client().get('/api/email/confirm');
    expect(missing).toMatchObject({ status: 400, body: { message: ServerText.confirmationInvalid } });
  });

  it('refuses a link older than its lifetime', async () => {
    const body = newRegistration();
    await t.client().post('/api/registration', body);
    const query = await confirmationQuery(t, body.email);
    t.clock.advance(49 * 3600 * 1000);
    const answer = await t.client().get(`/api/email/confirm?${query}`);
    expect(answer).toMatchObject({ status: 400, body: { message: ServerText.confirmationInvalid } });
  });
});

describe('GET /api/email/confirm/reset/{userId}', () => {
  it('refuses a resend within 60 s of the last mail and allows it after', async () => {
    const body = newRegistration();
    const { userId } = (await t.client().post('/api/registration', body)).body;
    const mailsBefore = (await t.outbox()).filter((m) => m.to === body.email).length;

    t.clock.advance(59_000);
    const tooSoon = await t.client().get(`/api/email/confirm/reset/${userId}`);
    expect(tooSoon).toMatchObject({ status: 429, body: { message: ServerText.resendTooSoon } });

    t.clock.advance(1_000);
    const resent = await t.client().get(`/api/email/confirm/reset/${userId}`);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({
      message: ServerText.confirmationResent,
      dateStart: t.clock.now().toISOString(),
    });
    expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(mailsBefore + 1);

    const again = await t.client().get(`/api/email/confirm/reset/${userId}`);
    expect(again.status).toBe(429);
  });

  it('holds the cooldown under simultaneous requests', async () => {
    const { userId } = (await t.client().post('/api/registration', newRegistration())).body;
    t.clock.advance(61_000);
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.client().get(`/api/email/confirm/reset/${userId}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
  });

  it('answers 409 for a confirmed account and 404 for an unknown one', async () => {
    const { user } = await signUpCustomer(t);
    t.clock.advance(61_000);
    expect(await t.client().get(`/api/email/confirm/reset/${user._id}`)).toMatchObject({
      status: 409,
      body: { message: ServerText.alreadyConfirmed },
    });
    expect(
      (await t.client().get('/api/email/confirm/reset/7c1e9f7e-5b7a-4c39-9d6e-2f1f7a4b9a11')).status,
    ).toBe(404);
    expect((await t.client().get('/api/email/confirm/reset/not-a-uuid')).status).toBe(400);
  });
});

describe('login, logout and the session', () => {
  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const { credentials } = await signUpCustomer(t);
    const wrong = await t
      .client()
      .post('/api/login', { email: credentials.email, password: 'wrong-password' });
    const unknown = await t
      .client()
      .post('/api/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong).toMatchObject({ status: 401, body: { message: ServerText.wrongCredentials } });
    expect(unknown).toMatchObject({ status: 401, body: { message: ServerText.wrongCredentials } });
  });

  it('checks the session and revokes it on logout, even for a copied cookie', async () => {
    const { client } = await signUpCustomer(t);
    expect(await client.get('/api/auth/check')).toMatchObject({
      status: 200,
      body: { loggedIn: true, isAdmin: false, role: 'User' },
    });

    const stolen = t.client();
    Object.assign(stolen, { cookie: client.cookieHeader?.split('=')[1] });
    expect((await stolen.get('/api/user/info')).status).toBe(200);

    expect(await client.post('/api/logout')).toMatchObject({
      status: 200,
      body: { message: ServerText.loggedOut },
    });
    expect(client.cookieHeader).toBeUndefined();
    expect(await stolen.get('/api/user/info')).toMatchObject({
      status: 401,
      body: { message: ServerText.notAuthenticated },
    });
    expect((await stolen.get('/api/auth/check')).status).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { client } = await signUpCustomer(t);
    const token = client.cookieHeader!.split('=')[1]!;
    const result = await t.db.execute(
      `select count(*)::int as n from sessions where token_hash = '${token}'`,
    );
    expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('ends a session after 30 days', async () => {
    const { client } = await signUpCustomer(t);
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await client.get('/api/user/info')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with a message once the login limit is spent', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = limited.client();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await client.post('/api/login', { email: 'a@b.cd', password: 'whatever1' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const last = await client.post('/api/login', { email: 'a@b.cd', password: 'whatever1' });
      expect(last.body).toEqual({ message: ServerText.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
