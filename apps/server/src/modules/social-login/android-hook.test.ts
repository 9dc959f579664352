import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SocialLoginText } from '@retouch/shared/social-login';
import { tokenLedger, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';

const SECRET = 'android-shared-secret-for-tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANDROID_HMAC_SECRET: SECRET });
});
afterAll(() => t.close());

/** The app's signature, written out here so the message format is pinned by the test: email|user_id|user_name. */
function sign(email: string, userId: string, userName: string, secret = SECRET): string {
  return createHmac('sha256', secret).update(`${email}|${userId}|${userName}`, 'utf8').digest('hex');
}

function hookPath(query: Record<string, string>): string {
  return `/api/login/google/android?${new URLSearchParams(query).toString()}`;
}

function signedQuery(email: string, userId = '1234567890', userName = 'Ann Droid') {
  return { email, user_id: userId, user_name: userName, hash: sign(email, userId, userName) };
}

describe('GET /api/login/google/android', () => {
  it('creates a confirmed customer with the bonus for a valid hash and logs them in', async () => {
    const email = `droid-${Date.now()}@example.com`;
    const client = t.client();
    const answer = await client.get(hookPath(signedQuery(email)));

    expect(answer).toMatchObject({
      status: 200,
      body: { email, name: { giveName: 'Ann', familyName: 'Droid' }, balance: { main: 0, bonus: 20 } },
    });
    expect(await client.get('/api/user/info')).toMatchObject({ status: 200, body: { _id: answer.body._id } });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    const ledger = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, answer.body._id));
    expect(ledger).toMatchObject([{ deltaBonus: 20, reason: 'registration_bonus' }]);

    // The same link again is the same person: no second account, no second bonus.
    const again = await t.client().get(hookPath(signedQuery(email)));
    expect(again).toMatchObject({ status: 200, body: { _id: answer.body._id, balance: { bonus: 20 } } });
  });

  it('logs in the existing user of that e-mail, names with spaces and non-ASCII included', async () => {
    const { user } = await signUpCustomer(t);
    const answer = await t.client().get(hookPath(signedQuery(user.email, '42', 'Zoë  van der Berg')));
    expect(answer).toMatchObject({ status: 200, body: { _id: user._id, name: user.name } });
  });

  it.each<[string, Record<string, string>]>([
    ['the e-mail', { email: 'someone-else@example.com' }],
    ['the user id', { user_id: '999' }],
    ['the user name', { user_name: 'Mallory' }],
    ['one hash digit', { hash: 'flip' }],
    ['the secret', { hash: 'other-secret' }],
    ['the hash length', { hash: 'short' }],
  ])('refuses a link with tampered %s with 401', async (_what, change) => {
    const email = `tampered-${Date.now()}@example.com`;
    const query: Record<string, string> = { ...signedQuery(email), ...change };
    const original = signedQuery(email).hash;
    if (change.hash === 'flip') query.hash = `${original.slice(0, -1)}${original.endsWith('0') ? '1' : '0'}`;
    if (change.hash === 'other-secret') query.hash = sign(email, '1234567890', 'Ann Droid', `${SECRET}-x`);
    if (change.hash === 'short') query.hash = original.slice(0, 62);

    const client = t.client();
    const answer = await client.get(hookPath(query));

    expect(answer).toMatchObject({ status: 401, body: { message: SocialLoginText.androidHashInvalid } });
    expect(client.cookieHeader).toBeUndefined();
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, query.email ?? '')),
    ).toHaveLength(0);
  });

  it('refuses a missing or empty hash with 401', async () => {
    const { hash: _hash, ...unsigned } = signedQuery(`nohash-${Date.now()}@example.com`);
    for (const query of [unsigned, { ...unsigned, hash: '' }]) {
      const answer = await t.client().get(hookPath(query));
      expect(answer).toMatchObject({ status: 401, body: { message: SocialLoginText.androidHashInvalid } });
    }
  });

  it('refuses a link without a valid e-mail with 400', async () => {
    const answer = await t.client().get(hookPath({ ...signedQuery('x@example.com'), email: 'not-an-email' }));
    expect(answer).toMatchObject({ status: 400, body: { message: SocialLoginText.androidInvalid } });
  });
});

describe('GET /api/login/google/android without a configured secret', () => {
  it('answers 404 even for a hash made with an empty secret', async () => {
    const bare = await createTestApp();
    try {
      const email = 'nosecret@example.com';
      const query = { email, user_id: '1', user_name: 'A', hash: sign(email, '1', 'A', '') };
      expect(await bare.client().get(hookPath(query))).toMatchObject({
        status: 404,
        body: { message: SocialLoginText.androidUnavailable },
      });
    } finally {
      await bare.close();
    }
  });
});
