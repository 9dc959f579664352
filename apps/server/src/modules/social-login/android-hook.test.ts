import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import { SocialLoginText } from '@retouch/shared/social-login';
import { sessions, socialAccounts, tokenLedger, userPermissions, users } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from '../../../test/test-app';
import { acceptedIssuers } from './google-id-token';
import { TEST_ADMIN } from '../../../test/test-config';
import { confirmationQuery, newRegistration, signUpCustomer } from '../../../test/fixtures';
import { createStaff } from '../../../test/staff-fixtures';
import { waitForState } from '../../../test/limits';

const SECRET = 'android-shared-secret-for-tests';
const ANDROID_CLIENT_ID = 'android-app-client';

let provider: OAuth2Server;
beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
});
afterAll(() => provider?.stop());

const HOOK = '/api/login/google/android';
function hookPath(query: Record<string, string>): string {
  return `${HOOK}?${new URLSearchParams(query).toString()}`;
}
/** The hook as a browser asks for it, saying which site's page started the request. */
function hookFrom(client: TestClient, fetchSite: string, query: Record<string, string>) {
  return client.request('GET', hookPath(query), undefined, { headers: { 'sec-fetch-site': fetchSite } });
}
/** Gives a customer one permission of their own: any permission makes an account staff. */
async function giveStaffPermission(t: TestApp, userId: string) {
  await t.db.update(users).set({ customPermissions: true }).where(eq(users.id, userId));
  await t.db.insert(userPermissions).values({ userId, sign: PermissionSign.lookOrders, status: true });
}

const usersWithEmail = (t: TestApp, email: string) =>
  t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
const googleLinksOf = (t: TestApp, subject: string) =>
  t.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, 'google'), eq(socialAccounts.subject, subject)));

let counter = 0;
/** A Google account as its ID token describes it. */
function newGoogleAccount() {
  counter += 1;
  const sub = `${Date.now()}${String(counter).padStart(3, '0')}`;
  return { sub, email: `droid-${sub}@example.com`, email_verified: true, name: 'Ann Droid' };
}

describe('GET /api/login/google/android with a Google ID token', () => {
  let t: TestApp;
  let account: ReturnType<typeof newGoogleAccount>;
  beforeAll(async () => {
    // The hash link's secret is set but the hash link is not turned on.
    t = await createTestApp({
      GOOGLE_ANDROID_CLIENT_ID: ANDROID_CLIENT_ID,
      GOOGLE_ISSUER: provider.issuer.url!,
      ANDROID_HMAC_SECRET: SECRET,
    });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    account = newGoogleAccount();
  });

  /** Now by the server's clock, which stands still in tests, in Unix seconds. */
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  /** An ID token the local provider signs for the app now (by the server's clock), with `claims` changed. */
  function idToken(claims: Record<string, unknown> = {}, expiresIn = 3600): Promise<string> {
    const iat = nowSeconds();
    return provider.issuer.buildToken({
      scopesOrTransform: (_header, payload) =>
        Object.assign(payload, {
          iat,
          nbf: iat - 10,
          exp: iat + expiresIn,
          aud: ANDROID_CLIENT_ID,
          ...account,
          ...claims,
        }),
    });
  }

  it('creates a confirmed customer with the bonus, bound to the Google account, and logs them in', async () => {
    const client = t.client();
    const answer = await client.get(hookPath({ id_token: await idToken() }));

    expect(answer).toMatchObject({
      status: 200,
      body: {
        email: account.email,
        name: { giveName: 'Ann', familyName: 'Droid' },
        balance: { main: 0, bonus: 20 },
      },
    });
    expect(await client.get('/api/user/info')).toMatchObject({ status: 200, body: { _id: answer.body._id } });
    const [user] = await usersWithEmail(t, account.email);
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    const ledger = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, answer.body._id));
    expect(ledger).toMatchObject([{ deltaBonus: 20, reason: 'registration_bonus' }]);
    expect(await googleLinksOf(t, account.sub)).toMatchObject([{ userId: answer.body._id }]);

    // The same Google account later is the same person, whatever e-mail its token shows then.
    const again = await t.client().get(hookPath({ id_token: await idToken({ email: 'moved@example.com' }) }));
    expect(again).toMatchObject({ status: 200, body: { _id: answer.body._id, balance: { bonus: 20 } } });
    expect(await usersWithEmail(t, 'moved@example.com')).toHaveLength(0);
  });

  it('links the existing user of the verified e-mail, like the web Google sign-in', async () => {
    const { user } = await signUpCustomer(t);
    account = { ...account, email: user.email };
    const answer = await t.client().get(hookPath({ id_token: await idToken() }));
    expect(answer).toMatchObject({ status: 200, body: { _id: user._id } });
    expect(await googleLinksOf(t, account.sub)).toMatchObject([{ userId: user._id }]);
  });

  it.each(['cross-site', 'same-site'])(
    "refuses a request another site's page started (Sec-Fetch-Site: %s): no session, no user",
    async (fetchSite) => {
      // Login CSRF: the attacker's own token sent by the victim's browser would sign the victim in as the attacker.
      const client = t.client();
      const answer = await hookFrom(client, fetchSite, { id_token: await idToken() });

      expect(answer).toMatchObject({ status: 403, body: { message: SocialLoginText.androidForeignRefused } });
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(client.cookieHeader).toBeUndefined();
      expect(await usersWithEmail(t, account.email)).toHaveLength(0);
    },
  );

  it.each(['none', 'same-origin'])(
    'signs in a request the app or this site started (Sec-Fetch-Site: %s)',
    async (fetchSite) => {
      const client = t.client();
      const answer = await hookFrom(client, fetchSite, { id_token: await idToken() });
      expect(answer).toMatchObject({ status: 200, body: { email: account.email } });
      expect(await client.get('/api/user/info')).toMatchObject({
        status: 200,
        body: { _id: answer.body._id },
      });
    },
  );

  it('refuses a staff account, found by its e-mail or linked before it became staff: no session, no link', async () => {
    const [designer] = await createStaff(t, RoleTitle.designer);
    account = { ...account, email: designer!.email };
    const client = t.client();
    expect(await client.get(hookPath({ id_token: await idToken() }))).toMatchObject({
      status: 403,
      body: { message: SocialLoginText.staffRefused('google') },
    });
    expect(client.cookieHeader).toBeUndefined();
    expect(await googleLinksOf(t, account.sub)).toHaveLength(0);

    account = newGoogleAccount();
    const customer = await t.client().get(hookPath({ id_token: await idToken() }));
    expect(customer.status).toBe(200);
    await giveStaffPermission(t, customer.body._id);
    const promoted = t.client();
    expect(await promoted.get(hookPath({ id_token: await idToken() }))).toMatchObject({
      status: 403,
      body: { message: SocialLoginText.staffRefused('google') },
    });
    expect(promoted.cookieHeader).toBeUndefined();
  });

  /** A token of the same issuer and key id, signed with another key. */
  async function signedByAnotherKey(): Promise<string> {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = provider.issuer.keys.get()!.kid;
    const now = nowSeconds();
    return new SignJWT({ ...account })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(provider.issuer.url!)
      .setAudience(ANDROID_CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
  }
  function unsigned(): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = nowSeconds();
    return `${part({ alg: 'none' })}.${part({ ...account, iss: provider.issuer.url, aud: ANDROID_CLIENT_ID, exp: now + 3600 })}.`;
  }

  it.each<[string, () => Promise<Record<string, string>>, number, string]>([
    [
      'for another audience',
      async () => ({ id_token: await idToken({ aud: 'web-client' }) }),
      401,
      SocialLoginText.androidTokenInvalid,
    ],
    ['expired', async () => ({ id_token: await idToken({}, -60) }), 401, SocialLoginText.androidTokenInvalid],
    [
      'signed by another key',
      async () => ({ id_token: await signedByAnotherKey() }),
      401,
      SocialLoginText.androidTokenInvalid,
    ],
    ['unsigned', async () => ({ id_token: unsigned() }), 401, SocialLoginText.androidTokenInvalid],
    [
      'of another issuer',
      async () => ({ id_token: await idToken({ iss: 'https://accounts.example.com' }) }),
      401,
      SocialLoginText.androidTokenInvalid,
    ],
    ['not a token', async () => ({ id_token: 'not-a-token' }), 401, SocialLoginText.androidTokenInvalid],
    ['missing', async () => ({}), 401, SocialLoginText.androidTokenInvalid],
    [
      'for an unverified e-mail',
      async () => ({ id_token: await idToken({ email_verified: false }) }),
      400,
      SocialLoginText.emailNotVerified('google'),
    ],
  ])('refuses a token %s: no session, no user, no link', async (_what, query, status, message) => {
    const client = t.client();
    const answer = await client.get(hookPath(await query()));

    expect(answer).toMatchObject({ status, body: { message } });
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(client.cookieHeader).toBeUndefined();
    expect(await usersWithEmail(t, account.email)).toHaveLength(0);
    expect(await googleLinksOf(t, account.sub)).toHaveLength(0);
  });

  it("refuses the hash link with 404 unless ANDROID_HASH_LOGIN is on, the admin's included", async () => {
    // Anyone can make these: the secret ships inside the app.
    const email = `hash-off-${Date.now()}@example.com`;
    const iat = String(Math.floor(t.clock.now().getTime() / 1000));
    const client = t.client();
    for (const target of [email, TEST_ADMIN.email]) {
      for (const query of [legacyLink(target), signedLink(target, iat)]) {
        expect(await client.get(hookPath(query))).toMatchObject({
          status: 404,
          body: { message: SocialLoginText.androidUnavailable },
        });
      }
    }
    expect(client.cookieHeader).toBeUndefined();
    expect(await usersWithEmail(t, email)).toHaveLength(0);
  });
});

/** The app's signature, written out here so the message format is pinned: email|user_id|user_name|iat. */
function sign(message: string, secret = SECRET): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}
function signedLink(email: string, iat: string, userId = '1234567890', userName = 'Ann Droid') {
  return {
    email,
    user_id: userId,
    user_name: userName,
    iat,
    hash: sign(`${email}|${userId}|${userName}|${iat}`),
  };
}
/** The specification's link: no issued-at time, so it never expires. */
function legacyLink(email: string, userId = '1234567890', userName = 'Ann Droid') {
  return { email, user_id: userId, user_name: userName, hash: sign(`${email}|${userId}|${userName}`) };
}

describe('GET /api/login/google/android with the hash link turned on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ANDROID_HASH_LOGIN: 'true', ANDROID_HMAC_SECRET: SECRET });
  });
  afterAll(() => t?.close());

  const nowSeconds = (offset = 0) => String(Math.floor(t.clock.now().getTime() / 1000) + offset);
  const newEmail = () => `droid-${Date.now()}-${(counter += 1)}@example.com`;
  const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

  function expectRefused(answer: TestResponse, status: number, message: string) {
    expect(answer).toMatchObject({ status, body: { message } });
    expect(answer.headers.get('set-cookie')).toBeNull();
  }

  const ledgerOf = (userId: string) => t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
  const mailsTo = async (email: string) => (await t.outbox()).filter((mail) => mail.to === email);
  /** The mail of that subject to that address, once it was written (some are sent in the background). */
  const mailedTo = (email: string, subject: string) =>
    waitForState(async () => {
      const mail = (await mailsTo(email)).find((entry) => entry.subject === subject);
      if (!mail) throw new Error(`no mail '${subject}' to ${email}`);
      return mail;
    });

  it('answers a link for a new e-mail like the login of an unconfirmed account: no session, no bonus', async () => {
    const email = newEmail();
    const link = signedLink(email, nowSeconds());
    const client = t.client();

    const answer = await client.get(hookPath(link));

    // Anyone holding the app's secret can sign such a link: it proves no mailbox.
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: SocialLoginText.androidConfirmEmail,
        userId: expect.any(String),
        dateStart: t.clock.now().toISOString(),
      },
    });
    expect(answer.headers.get('set-cookie')).toBeNull();
    const [user] = await usersWithEmail(t, email);
    expect(user).toMatchObject({
      id: answer.body.userId,
      giveName: 'Ann',
      familyName: 'Droid',
      passwordHash: null,
      emailConfirmedAt: null,
      balanceBonus: 0,
    });
    expect(await ledgerOf(user!.id)).toHaveLength(0);
    expect(await sessionsOf(user!.id)).toHaveLength(0);
    await mailedTo(email, 'Confirm your e-mail');
    expect(await mailsTo(email)).toHaveLength(1);
    expectRefused(await client.get(hookPath(link)), 401, SocialLoginText.androidLinkUsed);

    // Confirming the e-mail the normal way pays the registration bonus a registered account has by then.
    const confirmed = await t.client().get(`/api/email/confirm?${await confirmationQuery(t, email)}`);
    expect(confirmed.status).toBe(200);
    expect(await ledgerOf(user!.id)).toMatchObject([{ deltaBonus: 20, reason: 'registration_bonus' }]);
    const signedIn = await client.get(hookPath(signedLink(email, nowSeconds(1))));
    expect(signedIn).toMatchObject({ status: 200, body: { _id: user!.id, email, balance: { bonus: 20 } } });
    expect(await client.get('/api/user/info')).toMatchObject({ status: 200, body: { _id: user!.id } });
  });

  it('pays the bonus once when the account confirms its e-mail by a password reset instead', async () => {
    const email = newEmail();
    const pending = await t.client().get(hookPath(signedLink(email, nowSeconds())));
    expect(pending.status).toBe(200);
    await t.client().post('/api/password/forgot', { email });
    const token = await resetTokenMailedTo(email);
    const reset = await t.client().post('/api/password/reset', { token, password: 'a-new-password-1' });
    expect(reset.status).toBe(200);

    const [user] = await usersWithEmail(t, email);
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await ledgerOf(user!.id)).toMatchObject([{ deltaBonus: 20, reason: 'registration_bonus' }]);
    const login = await t.client().post('/api/login', { email, password: 'a-new-password-1' });
    expect(login).toMatchObject({ status: 200, body: { _id: user!.id, balance: { bonus: 20 } } });
  });

  /** The token of the reset mail to that address. */
  async function resetTokenMailedTo(email: string): Promise<string> {
    const mail = await mailedTo(email, 'Reset your password');
    const token = /\/reset-password\?token=(\S+)/.exec(mail.text)?.[1];
    if (!token) throw new Error('no reset link in the mail');
    return decodeURIComponent(token);
  }

  it('leaves an unconfirmed registration as it was: no session, no confirmation, its password kept', async () => {
    const registration = newRegistration();
    const registered = await t.client().post('/api/registration', registration);
    expect(registered.status).toBe(201);
    await mailedTo(registration.email, 'Confirm your e-mail');
    const mailsBefore = (await mailsTo(registration.email)).length;

    const answer = await t.client().get(hookPath(signedLink(registration.email, nowSeconds())));

    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: SocialLoginText.androidConfirmEmail,
        userId: registered.body.userId,
        dateStart: registered.body.dateStart,
      },
    });
    expect(answer.headers.get('set-cookie')).toBeNull();
    const [user] = await usersWithEmail(t, registration.email);
    expect(user).toMatchObject({ emailConfirmedAt: null, passwordHash: expect.any(String) });
    expect(await mailsTo(registration.email)).toHaveLength(mailsBefore);
    // Its owner still confirms and logs in with the password.
    await t.client().get(`/api/email/confirm?${await confirmationQuery(t, registration.email)}`);
    const login = await t.client().post('/api/login', registration);
    expect(login).toMatchObject({ status: 200, body: { _id: user!.id, balance: { bonus: 20 } } });
    expect(await ledgerOf(user!.id)).toHaveLength(1);
  });

  it('signs a confirmed customer in once: a repeat from that browser answers the same user, anyone else is refused', async () => {
    const { user } = await signUpCustomer(t);
    const link = signedLink(user.email, nowSeconds());
    const browser = t.client();

    const answer = await browser.get(hookPath(link));
    expect(answer).toMatchObject({ status: 200, body: { _id: user._id, email: user.email } });
    const sessionsAfter = await sessionsOf(user._id);

    // The page asking again (a refetch) gets the same user and keeps its session: no second one starts.
    const repeat = await browser.get(hookPath(link));
    expect(repeat).toMatchObject({ status: 200, body: { _id: user._id, email: user.email } });
    expect(repeat.headers.get('set-cookie')).toBeNull();
    expect(await browser.get('/api/user/info')).toMatchObject({ status: 200, body: { _id: user._id } });

    // The link from the request log or anywhere else, an upper-case copy of its hash included, is refused.
    expectRefused(await t.client().get(hookPath(link)), 401, SocialLoginText.androidLinkUsed);
    expectRefused(
      await t.client().get(hookPath({ ...link, hash: link.hash.toUpperCase() })),
      401,
      SocialLoginText.androidLinkUsed,
    );
    const { client: someoneElse } = await signUpCustomer(t);
    expectRefused(await someoneElse.get(hookPath(link)), 401, SocialLoginText.androidLinkUsed);
    expect(await sessionsOf(user._id)).toHaveLength(sessionsAfter.length);

    // A new link for the same person is the same user, without a second bonus.
    const again = await t.client().get(hookPath(signedLink(user.email, nowSeconds(1))));
    expect(again).toMatchObject({ status: 200, body: { _id: user._id, balance: { bonus: 20 } } });
  });

  it('lets only one of several simultaneous uses of a link through', async () => {
    const { user } = await signUpCustomer(t);
    const link = signedLink(user.email, nowSeconds());
    const sessionsBefore = await sessionsOf(user._id);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => t.client().get(hookPath(link))));

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401]);
    for (const answer of answers.filter((a) => a.status === 401)) {
      expectRefused(answer, 401, SocialLoginText.androidLinkUsed);
    }
    expect(await sessionsOf(user._id)).toHaveLength(sessionsBefore.length + 1);
  });

  it.each(['cross-site', 'same-site'])(
    "refuses a request another site's page started (Sec-Fetch-Site: %s), leaving the link unused",
    async (fetchSite) => {
      const { user } = await signUpCustomer(t);
      const link = signedLink(user.email, nowSeconds());
      const client = t.client();
      expectRefused(await hookFrom(client, fetchSite, link), 403, SocialLoginText.androidForeignRefused);
      expect(client.cookieHeader).toBeUndefined();

      expect(await hookFrom(client, 'none', link)).toMatchObject({ status: 200, body: { _id: user._id } });
    },
  );

  it('accepts a link signed by a phone whose clock is a little ahead', async () => {
    expect((await t.client().get(hookPath(signedLink(newEmail(), nowSeconds(50))))).status).toBe(200);
  });

  it.each<[string, (email: string) => Record<string, string>, number, string]>([
    [
      'without an issued-at time (the specification link)',
      (email) => legacyLink(email),
      400,
      SocialLoginText.androidInvalid,
    ],
    [
      'issued more than 5 minutes ago',
      (email) => signedLink(email, nowSeconds(-301)),
      401,
      SocialLoginText.androidLinkExpired,
    ],
    [
      'issued more than a minute in the future',
      (email) => signedLink(email, nowSeconds(61)),
      401,
      SocialLoginText.androidLinkExpired,
    ],
    [
      'with a refreshed issued-at time',
      (email) => ({ ...signedLink(email, nowSeconds(-400)), iat: nowSeconds() }),
      401,
      SocialLoginText.androidHashInvalid,
    ],
    [
      'for another e-mail than signed',
      (email) => ({ ...signedLink('someone@example.com', nowSeconds()), email }),
      401,
      SocialLoginText.androidHashInvalid,
    ],
    [
      'signed with another secret',
      (email) => ({
        ...signedLink(email, nowSeconds()),
        hash: sign(`${email}|1234567890|Ann Droid|${nowSeconds()}`, `${SECRET}-x`),
      }),
      401,
      SocialLoginText.androidHashInvalid,
    ],
    [
      'without a hash',
      (email) => ({ ...signedLink(email, nowSeconds()), hash: '' }),
      401,
      SocialLoginText.androidHashInvalid,
    ],
    [
      'without a valid e-mail',
      () => signedLink('not-an-email', nowSeconds()),
      400,
      SocialLoginText.androidInvalid,
    ],
  ])('refuses a link %s: no session, no user', async (_what, link, status, message) => {
    const email = newEmail();
    const client = t.client();
    expectRefused(await client.get(hookPath(link(email))), status, message);
    expect(client.cookieHeader).toBeUndefined();
    expect(await usersWithEmail(t, email)).toHaveLength(0);
  });

  it('refuses the admin and staff accounts even with a valid link', async () => {
    const [designer] = await createStaff(t, RoleTitle.designer);
    const [moderator] = await createStaff(t, RoleTitle.moderator);
    const { user: promoted } = await signUpCustomer(t);
    // A customer given one permission of their own (the User role has none).
    await giveStaffPermission(t, promoted._id);

    for (const email of [TEST_ADMIN.email, designer!.email, moderator!.email, promoted.email]) {
      const client = t.client();
      expectRefused(
        await client.get(hookPath(signedLink(email, nowSeconds()))),
        403,
        SocialLoginText.androidStaffRefused,
      );
      expect(client.cookieHeader).toBeUndefined();
    }
    const [admin] = await usersWithEmail(t, TEST_ADMIN.email);
    expect(await sessionsOf(admin!.id)).toHaveLength(0);
  });

  it('answers 404 to an ID token when GOOGLE_ANDROID_CLIENT_ID is not set', async () => {
    expect(await t.client().get(hookPath({ id_token: 'a.b.c' }))).toMatchObject({
      status: 404,
      body: { message: SocialLoginText.androidUnavailable },
    });
  });
});

describe('the web page the app opens, /login/android', () => {
  let t: TestApp;
  let dist: string;
  const shell = '<!doctype html><title>Retouch</title><div id="root"></div>';
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'retouch-dist-'));
    await writeFile(path.join(dist, 'index.html'), shell);
    t = await createTestApp({ WEB_DIST_DIR: dist, ANDROID_HASH_LOGIN: 'true', ANDROID_HMAC_SECRET: SECRET });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (fetchSite: string) =>
    fetch(`${t.baseUrl}/login/android?${new URLSearchParams({ id_token: 'a.b.c' }).toString()}`, {
      headers: { 'sec-fetch-site': fetchSite },
      redirect: 'manual',
    });

  it.each(['cross-site', 'same-site'])(
    "sends a navigation another site's page started (Sec-Fetch-Site: %s) to /login, without the link",
    async (fetchSite) => {
      // The page would pass the attacker's link on to the hook as this site's own request.
      const answer = await page(fetchSite);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/login');
    },
  );

  it.each(['none', 'same-origin'])(
    'answers the app shell when the app opened it (Sec-Fetch-Site: %s)',
    async (fetchSite) => {
      const answer = await page(fetchSite);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(shell);
    },
  );
});

describe('GET /api/login/google/android on a server without the hook', () => {
  it('answers 404 to an ID token and to a hash link, even one made with an empty secret', async () => {
    const bare = await createTestApp();
    try {
      const email = 'nosecret@example.com';
      const iat = String(Math.floor(bare.clock.now().getTime() / 1000));
      const emptySecret = { email, user_id: '1', user_name: 'A', iat, hash: sign(`${email}|1|A|${iat}`, '') };
      const queries: Array<Record<string, string>> = [{ id_token: 'a.b.c' }, emptySecret, {}];
      for (const query of queries) {
        expect(await bare.client().get(hookPath(query))).toMatchObject({
          status: 404,
          body: { message: SocialLoginText.androidUnavailable },
        });
      }
    } finally {
      await bare.close();
    }
  });
});

describe('the ID token issuer', () => {
  it("accepts Google's bare-host issuer only for Google", () => {
    expect(acceptedIssuers('https://accounts.google.com')).toEqual([
      'https://accounts.google.com',
      'accounts.google.com',
    ]);
    expect(acceptedIssuers('https://accounts.google.com/')).toContain('accounts.google.com');
    expect(acceptedIssuers('http://127.0.0.1:4000')).toEqual(['http://127.0.0.1:4000']);
  });

  it('answers 502 without a session when the issuer cannot be reached', async () => {
    const unreachable = await createTestApp({
      GOOGLE_ANDROID_CLIENT_ID: ANDROID_CLIENT_ID,
      GOOGLE_ISSUER: 'http://127.0.0.1:1',
    });
    try {
      const client = unreachable.client();
      expect(await client.get(hookPath({ id_token: 'a.b.c' }))).toMatchObject({
        status: 502,
        body: { message: SocialLoginText.providerUnreachable('google') },
      });
      expect(client.cookieHeader).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});
