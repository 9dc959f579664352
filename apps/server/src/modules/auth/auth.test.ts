import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustomerText, ServerText } from '@retouch/shared/texts';
import { emailConfirmations, tokenLedger, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { confirmationQuery, newRegistration, signUpCustomer } from '../../../test/fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';
import { waitForState } from '../../../test/limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** How many confirmation links the user was sent: one per mail. */
async function confirmationsOf(userId: string): Promise<number> {
  return (await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, userId))).length;
}

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

  it('answers an e-mail already registered, in any letter case, as a new one, writes nothing and mails the owner', async () => {
    const { credentials, user } = await signUpCustomer(t);
    const fresh = await t.client().post('/api/registration', newRegistration());
    const again = await t
      .client()
      .post('/api/registration', { ...newRegistration(), email: credentials.email.toUpperCase() });

    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual({
      message: fresh.body.message,
      userId: expect.stringMatching(UUID),
      dateStart: t.clock.now().toISOString(),
    });
    expect(again.body.userId).not.toBe(user._id);
    const owners = await t.db.select().from(users).where(eq(users.email, credentials.email));
    expect(owners).toHaveLength(1);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
    const notice = (await t.outbox()).filter((m) => m.to === credentials.email).at(-1);
    expect(notice?.subject).toBe('Someone tried to register with your e-mail');
    expect(notice?.text).toContain(`${t.config.PUBLIC_URL}/forgot-password`);
    // The owner's password is unchanged.
    expect((await t.client().post('/api/login', credentials)).status).toBe(200);
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
  it('mails again only once 60 s have passed since the last mail, answering every request alike', async () => {
    const body = newRegistration();
    const { userId } = (await t.client().post('/api/registration', body)).body;

    t.clock.advance(59_000);
    const tooSoon = await t.client().get(`/api/email/confirm/reset/${userId}`);
    expect(tooSoon).toMatchObject({
      status: 200,
      body: { message: ServerText.confirmationResent, dateStart: t.clock.now().toISOString() },
    });
    expect(await confirmationsOf(userId)).toBe(1);

    t.clock.advance(1_000);
    const resent = await t.client().get(`/api/email/confirm/reset/${userId}`);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({
      message: ServerText.confirmationResent,
      dateStart: t.clock.now().toISOString(),
    });
    expect(await confirmationsOf(userId)).toBe(2);
    await waitForState(async () =>
      expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(2),
    );

    const again = await t.client().get(`/api/email/confirm/reset/${userId}`);
    expect(again.status).toBe(200);
    expect(await confirmationsOf(userId)).toBe(2);
  });

  it('holds the cooldown under simultaneous requests', async () => {
    const { userId } = (await t.client().post('/api/registration', newRegistration())).body;
    t.clock.advance(61_000);
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.client().get(`/api/email/confirm/reset/${userId}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await confirmationsOf(userId)).toBe(2);
  });

  it('answers a confirmed account, an unknown one and a registration answered for a taken e-mail as a resend', async () => {
    const { user, credentials } = await signUpCustomer(t);
    const taken = await t
      .client()
      .post('/api/registration', { ...newRegistration(), email: credentials.email });
    const pending = await t.client().post('/api/registration', newRegistration());
    t.clock.advance(61_000);

    const resent = await t.client().get(`/api/email/confirm/reset/${pending.body.userId}`);
    expect(resent).toMatchObject({ status: 200, body: { message: ServerText.confirmationResent } });
    for (const userId of [user._id, taken.body.userId, '7c1e9f7e-5b7a-4c39-9d6e-2f1f7a4b9a11']) {
      const answer = await t.client().get(`/api/email/confirm/reset/${userId}`);
      expect(answer.status).toBe(resent.status);
      expect(answer.body).toEqual(resent.body);
    }
    // Only the pending account was sent a new link.
    const confirmations = await t.db.select().from(emailConfirmations);
    expect(confirmations.filter((c) => c.createdAt.getTime() === t.clock.now().getTime())).toEqual([
      expect.objectContaining({ userId: pending.body.userId }),
    ]);
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
