import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountText, PASSWORD_RESET_MAIL_COOLDOWN_SECONDS } from '@retouch/shared/accounts';
import { CustomerText } from '@retouch/shared/texts';
import { passwordResets, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newRegistration, signUpCustomer } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESET_SUBJECT = 'Reset your password';

async function mailsTo(email: string, subject = RESET_SUBJECT) {
  return (await t.outbox()).filter((mail) => mail.to === email && mail.subject === subject);
}

/** Waits for the `count`-th reset mail to that address (the mail is sent in the background). */
async function resetMail(email: string, count = 1) {
  for (let i = 0; i < 100; i += 1) {
    const mails = await mailsTo(email);
    if (mails.length >= count) return mails[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}

function tokenOf(mail: { text: string }): string {
  const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(mail.text);
  if (!link?.[1]) throw new Error('no reset link in the mail');
  return decodeURIComponent(link[1]);
}

const forgot = (email: string) => t.client().post('/api/password/forgot', { email });

describe('POST /api/password/forgot', () => {
  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const { credentials } = await signUpCustomer(t);
    const unknown = newRegistration().email;
    const known = await forgot(credentials.email);
    const missing = await forgot(unknown);
    expect(missing).toMatchObject({ status: 200, body: { message: AccountText.resetRequested } });
    expect(known.status).toBe(missing.status);
    expect(known.body).toEqual(missing.body);
    await resetMail(credentials.email);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('mails a link to the reset page with a token stored only as its hash', async () => {
    const { credentials, user } = await signUpCustomer(t);
    await forgot(credentials.email.toUpperCase());
    const mail = await resetMail(credentials.email);
    expect(mail.text).toContain(`${t.config.PUBLIC_URL}/reset-password?token=`);
    const token = tokenOf(mail);
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(3600 * 1000);
  });

  it('sends at most one mail per account per minute, silently', async () => {
    const { credentials } = await signUpCustomer(t);
    expect((await forgot(credentials.email)).status).toBe(200);
    await resetMail(credentials.email);
    expect(await forgot(credentials.email)).toMatchObject({
      status: 200,
      body: { message: AccountText.resetRequested },
    });
    t.clock.advance(PASSWORD_RESET_MAIL_COOLDOWN_SECONDS * 1000 - 1000);
    await forgot(credentials.email);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailsTo(credentials.email)).toHaveLength(1);
    t.clock.advance(1000);
    await forgot(credentials.email);
    await resetMail(credentials.email, 2);
  });

  it('rejects a malformed e-mail with the registration rules', async () => {
    expect(await forgot('not-an-email')).toMatchObject({
      status: 400,
      body: { message: CustomerText.emailInvalid },
    });
  });

  it('is rate-limited per client like the login', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = limited.client();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await client.post('/api/password/forgot', { email: 'a@b.cd' })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const reset = await client.post('/api/password/reset', { token: 'x', password: 'whatever1' });
      expect(reset.status).toBe(400);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/password/reset', () => {
  async function customerWithLink() {
    const customer = await signUpCustomer(t);
    await forgot(customer.credentials.email);
    return { ...customer, token: tokenOf(await resetMail(customer.credentials.email)) };
  }

  it('sets the new password once, ends every session and mails a notice', async () => {
    const { client, credentials, token } = await customerWithLink();
    const otherDevice = t.client();
    await otherDevice.post('/api/login', { email: credentials.email, password: credentials.password });
    expect((await otherDevice.get('/api/user/info')).status).toBe(200);

    const answer = await t.client().post('/api/password/reset', { token, password: 'brand-new-secret' });
    expect(answer).toMatchObject({ status: 200, body: { message: AccountText.passwordReset } });
    expect((await client.get('/api/user/info')).status).toBe(401);
    expect((await otherDevice.get('/api/user/info')).status).toBe(401);
    expect(
      (await t.client().post('/api/login', { email: credentials.email, password: credentials.password }))
        .status,
    ).toBe(401);
    expect(
      (await t.client().post('/api/login', { email: credentials.email, password: 'brand-new-secret' }))
        .status,
    ).toBe(200);
    expect(await mailsTo(credentials.email, 'Your password was changed')).toHaveLength(1);

    const again = await t.client().post('/api/password/reset', { token, password: 'another-secret' });
    expect(again).toMatchObject({ status: 400, body: { message: AccountText.resetLinkInvalid } });
  });

  it('refuses a link older than one hour', async () => {
    const { credentials, token } = await customerWithLink();
    t.clock.advance(3600 * 1000 + 1000);
    const answer = await t.client().post('/api/password/reset', { token, password: 'brand-new-secret' });
    expect(answer).toMatchObject({ status: 400, body: { message: AccountText.resetLinkInvalid } });
    expect(
      (await t.client().post('/api/login', { email: credentials.email, password: credentials.password }))
        .status,
    ).toBe(200);
  });

  it('accepts a link just before the hour ends', async () => {
    const { token } = await customerWithLink();
    t.clock.advance(3600 * 1000 - 1000);
    expect(
      (await t.client().post('/api/password/reset', { token, password: 'brand-new-secret' })).status,
    ).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const answer = await t.client().post('/api/password/reset', { token: 'made-up', password: 'secret1' });
    expect(answer).toMatchObject({ status: 400, body: { message: AccountText.resetLinkInvalid } });
  });

  it('applies the profile password rules and keeps the link usable', async () => {
    const { token } = await customerWithLink();
    const short = await t.client().post('/api/password/reset', { token, password: '12345' });
    expect(short).toMatchObject({ status: 400, body: { message: CustomerText.passwordTooShort } });
    const empty = await t.client().post('/api/password/reset', { token, password: '' });
    expect(empty).toMatchObject({ status: 400, body: { message: CustomerText.fieldEmpty } });
    // Six characters are enough ('123456' is too, but it is one of the most common passwords).
    expect((await t.client().post('/api/password/reset', { token, password: 'k7m2q9' })).status).toBe(200);
  });

  it('spends the older links of the user too', async () => {
    const { credentials, token } = await customerWithLink();
    t.clock.advance(PASSWORD_RESET_MAIL_COOLDOWN_SECONDS * 1000);
    await forgot(credentials.email);
    const newer = tokenOf(await resetMail(credentials.email, 2));
    expect(
      (await t.client().post('/api/password/reset', { token: newer, password: 'secret-2' })).status,
    ).toBe(200);
    const older = await t.client().post('/api/password/reset', { token, password: 'secret-3' });
    expect(older.status).toBe(400);
  });

  it('lets an account without a password (social login only) set one', async () => {
    const { credentials, user } = await signUpCustomer(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user._id));
    await forgot(credentials.email);
    const token = tokenOf(await resetMail(credentials.email));
    expect((await t.client().post('/api/password/reset', { token, password: 'first-secret' })).status).toBe(
      200,
    );
    const login = await t.client().post('/api/login', { email: credentials.email, password: 'first-secret' });
    expect(login.status).toBe(200);
  });

  it('sends nothing for a deleted account', async () => {
    const { credentials, user } = await signUpCustomer(t);
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user._id));
    expect((await forgot(credentials.email)).body).toEqual({ message: AccountText.resetRequested });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailsTo(credentials.email)).toHaveLength(0);
  });
});
