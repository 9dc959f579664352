import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { SESSION_COOKIE } from '@retouch/shared/constants';
import { PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import { SocialLoginText, type SocialProvider } from '@retouch/shared/social-login';
import {
  oauthStates,
  sessions,
  socialAccounts,
  tokenLedger,
  userPermissions,
  users,
} from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { OAUTH_STATE_COOKIE } from './social-login.routes';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff } from '../../../test/staff-fixtures';
import { TEST_ADMIN } from '../../../test/test-config';

/** Who the local provider says is signing in; each test sets its own. */
interface Identity {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

let identity: Identity;
let t: TestApp;
let provider: OAuth2Server;
let githubApi: Server;
/** What the provider's token endpoint received, newest last. */
const tokenRequests: Array<Record<string, string>> = [];

let counter = 0;
function newIdentity(overrides: Partial<Identity> = {}): Identity {
  counter += 1;
  // Numeric like Google's and GitHub's ids.
  const id = `${Date.now()}${String(counter).padStart(3, '0')}`;
  return {
    sub: id,
    email: `social-${id}@example.com`,
    emailVerified: true,
    name: 'Sam Social',
    ...overrides,
  };
}

/** GitHub's REST API as the local provider's companion: /user and /user/emails for the bearer token. */
function startGithubApi(): Promise<Server> {
  const server = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!request.headers.authorization?.startsWith('Bearer '))
      return json(401, { message: 'Requires authentication' });
    if (request.url === '/user')
      return json(200, { id: Number(identity.sub), login: 'octo', name: identity.name });
    if (request.url === '/user/emails') {
      return json(200, [
        { email: 'old-address@example.com', primary: false, verified: true },
        { email: identity.email, primary: true, verified: identity.emailVerified === true },
      ]);
    }
    return json(404, { message: 'Not Found' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const issuer = provider.issuer.url as string;
  provider.service.on('beforeTokenSigning', (token) => {
    // The ID token carries the identity (Google); the access token gets it too, which does no harm.
    token.payload.sub = identity.sub;
    if (identity.email !== undefined) token.payload.email = identity.email;
    token.payload.email_verified = identity.emailVerified === true;
    if (identity.name) token.payload.name = identity.name;
  });
  provider.service.on('beforeResponse', (_response, request) => {
    tokenRequests.push({ ...(request.body as Record<string, string>) });
  });
  provider.service.on('beforeUserinfo', (userinfo) => {
    // Facebook's Graph API /me shape.
    userinfo.body = {
      id: identity.sub,
      name: identity.name,
      ...(identity.email !== undefined ? { email: identity.email } : {}),
      ...(identity.emailVerified === false ? { email_verified: false } : {}),
    };
  });
  githubApi = await startGithubApi();
  t = await createTestApp({
    PUBLIC_URL: 'http://web.test',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: issuer,
    FACEBOOK_CLIENT_ID: 'facebook-client',
    FACEBOOK_CLIENT_SECRET: 'facebook-secret',
    FACEBOOK_AUTH_URL: `${issuer}/authorize`,
    FACEBOOK_TOKEN_URL: `${issuer}/token`,
    FACEBOOK_USERINFO_URL: `${issuer}/userinfo`,
    GITHUB_CLIENT_ID: 'github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GITHUB_AUTH_URL: `${issuer}/authorize`,
    GITHUB_TOKEN_URL: `${issuer}/token`,
    GITHUB_API_URL: `http://127.0.0.1:${(githubApi.address() as AddressInfo).port}`,
  });
});

afterAll(async () => {
  await t?.close();
  await provider?.stop();
  await new Promise((resolve) => githubApi?.close(resolve));
});

beforeEach(() => {
  identity = newIdentity();
});

const callbackPaths: Record<SocialProvider, string> = {
  google: '/api/login/google/callback',
  facebook: '/api/login/facebook/callback',
  github: '/api/auth/github/callback',
};

/**
 * A browser starts on our server (which sets the state cookie in it), then the provider's authorize
 * page sends it back with code and state.
 */
async function authorize(
  name: SocialProvider,
  client: TestClient = t.client(),
  startPath = `/api/auth/${name}`,
) {
  const start = await client.request('GET', startPath, undefined, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location') ?? '');
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`http://web.test/login/${name}-type`);
  return { authorizeUrl, back, client, query: back.search, state: back.searchParams.get('state') ?? '' };
}

/** The whole flow as the web route /login/{provider}-type drives it, in one browser. */
async function signIn(name: SocialProvider, client: TestClient = t.client()) {
  const { query } = await authorize(name, client);
  const answer = await client.get(`${callbackPaths[name]}${query}`);
  return { answer, client, query };
}

const usersWithEmail = (email: string) =>
  t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
const ledgerOf = (userId: string) => t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('GET /api/auth/providers', () => {
  it('lists the configured providers', async () => {
    expect(await t.client().get('/api/auth/providers')).toMatchObject({
      status: 200,
      body: { providers: ['google', 'facebook', 'github'] },
    });
  });
});

describe('starting a social sign-in', () => {
  it('redirects to the provider with a stored single-use state, S256 PKCE and an OIDC nonce', async () => {
    const start = await fetch(`${t.baseUrl}/api/login/google`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'google-client',
      redirect_uri: 'http://web.test/login/google-type',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.any(String),
      state: expect.any(String),
    });
    const [stored] = await t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.state, params.state ?? ''));
    expect(stored).toMatchObject({ provider: 'google', nonce: params.nonce, usedAt: null });
    expect(stored?.codeVerifier).not.toBe(params.code_challenge);
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
  });

  it('sends plain OAuth providers their own endpoints, scopes and PKCE, without a nonce', async () => {
    for (const [name, scope] of [
      ['facebook', 'email public_profile'],
      ['github', 'read:user user:email'],
    ] as const) {
      const start = await fetch(`${t.baseUrl}/api/auth/${name}`, { redirect: 'manual' });
      const params = new URL(start.headers.get('location') ?? '').searchParams;
      expect(params.get('client_id')).toBe(`${name}-client`);
      expect(params.get('scope')).toBe(scope);
      expect(params.get('redirect_uri')).toBe(`http://web.test/login/${name}-type`);
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('nonce')).toBeNull();
    }
  });

  it('answers 404 for a provider that does not exist', async () => {
    expect(await t.client().get('/api/auth/myspace')).toMatchObject({
      status: 404,
      body: { message: SocialLoginText.providerUnavailable },
    });
  });
});

describe('binding a social sign-in to the browser that started it', () => {
  it('sets a short-lived httpOnly state cookie for /api when the sign-in starts', async () => {
    for (const path of ['/api/login/google', '/api/auth/facebook', '/api/auth/github']) {
      const start = await fetch(`${t.baseUrl}${path}`, { redirect: 'manual' });
      const cookie = start.headers.getSetCookie().find((line) => line.startsWith(`${OAUTH_STATE_COOKIE}=`));
      expect(cookie).toMatch(/; Max-Age=600(;|$)/);
      expect(cookie).toMatch(/; Path=\/api(;|$)/);
      expect(cookie).toMatch(/; HttpOnly(;|$)/);
      expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    }
  });

  it.each(['google', 'facebook', 'github'] as const)(
    "does not log a victim into the attacker's %s account through the attacker's callback link",
    async (name) => {
      const attacker = await authorize(name);
      const victim = t.client();

      const answer = await victim.get(`${callbackPaths[name]}${attacker.query}`);

      expect(answer).toMatchObject({ status: 400, body: { message: SocialLoginText.stateInvalid } });
      expect(victim.cookieHeader).toBeUndefined();
      expect(await usersWithEmail(identity.email!)).toHaveLength(0);
    },
  );

  it('refuses the link in a browser that started a sign-in of its own', async () => {
    const attacker = await authorize('google');
    const victim = t.client();
    const own = await victim.request('GET', '/api/login/google', undefined, { redirect: 'manual' });
    expect(own.status).toBe(302);

    const answer = await victim.get(`${callbackPaths.google}${attacker.query}`);

    expect(answer).toMatchObject({ status: 400, body: { message: SocialLoginText.stateInvalid } });
    expect(victim.cookieHeader).toBeUndefined();
    expect(answer.headers.get('set-cookie')).toMatch(new RegExp(`^${OAUTH_STATE_COOKIE}=;`));
    expect(await usersWithEmail(identity.email!)).toHaveLength(0);
  });

  it('clears the state cookie at the callback', async () => {
    const { client, query } = await authorize('google');
    const answer = await client.get(`${callbackPaths.google}${query}`);
    expect(answer.status).toBe(200);
    const cleared = answer.headers.getSetCookie().find((line) => line.startsWith(`${OAUTH_STATE_COOKIE}=;`));
    expect(cleared).toMatch(/; Path=\/api(;|$)/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe('completing a social sign-in', () => {
  it('creates a confirmed customer with the registration bonus and logs them in (Google)', async () => {
    const { answer, client } = await signIn('google');

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email: identity.email,
      name: { giveName: 'Sam', familyName: 'Social' },
      balance: { main: 0, bonus: 20 },
      role: { title: 'User' },
      isAdmin: false,
    });
    expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(await client.get('/api/user/info')).toMatchObject({ status: 200, body: { _id: answer.body._id } });

    const [user] = await usersWithEmail(identity.email!);
    expect(user).toMatchObject({ passwordHash: null, emailConfirmedAt: expect.any(Date) });
    expect(await ledgerOf(answer.body._id)).toMatchObject([
      { deltaMain: 0, deltaBonus: 20, reason: 'registration_bonus' },
    ]);
    const links = await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, answer.body._id));
    expect(links).toMatchObject([{ provider: 'google', subject: identity.sub, email: identity.email }]);
  });

  it('sends the stored PKCE verifier, and the provider refuses any other', async () => {
    const first = await authorize('google');
    const [stored] = await t.db.select().from(oauthStates).where(eq(oauthStates.state, first.state));
    tokenRequests.length = 0;
    const answer = await first.client.get(`${callbackPaths.google}${first.query}`);
    expect(answer.status).toBe(200);
    expect(tokenRequests.map((body) => body.code_verifier)).toEqual([stored?.codeVerifier]);

    identity = newIdentity();
    const second = await authorize('google');
    // Another well-formed verifier: the code's challenge no longer matches, and the provider says so.
    await t.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthStates.state, second.state));
    const refused = await second.client.get(`${callbackPaths.google}${second.query}`);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: SocialLoginText.providerFailed('google') },
    });
    expect(await usersWithEmail(identity.email!)).toHaveLength(0);
  });

  it('links a verified e-mail to the existing user of that e-mail, without a second bonus', async () => {
    const { user: existing, client: passwordClient } = await signUpCustomer(t);
    identity = newIdentity({ email: existing.email.toUpperCase() });

    const { answer, client } = await signIn('google');

    expect(answer).toMatchObject({ status: 200, body: { _id: existing._id, balance: { bonus: 20 } } });
    expect(await ledgerOf(existing._id)).toHaveLength(1);
    expect(await client.get('/api/user/info')).toMatchObject({ status: 200, body: { _id: existing._id } });
    // The password session and the password itself go on working.
    expect((await passwordClient.get('/api/user/info')).status).toBe(200);

    // Later sign-ins find the link by the provider's subject, whatever e-mail the profile shows then.
    identity = { ...identity, email: 'changed-address@example.com' };
    const again = await signIn('google');
    expect(again.answer).toMatchObject({ status: 200, body: { _id: existing._id } });
    expect(await usersWithEmail('changed-address@example.com')).toHaveLength(0);
  });

  it('confirms an unconfirmed account of that e-mail and drops the password nobody proved', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    await t.client().post('/api/registration', {
      email,
      password: 'attacker-password',
      name: { giveName: 'Eve', familyName: 'Early' },
    });
    identity = newIdentity({ email });

    const { answer } = await signIn('google');

    expect(answer.status).toBe(200);
    const [user] = await usersWithEmail(email);
    expect(user).toMatchObject({
      id: answer.body._id,
      passwordHash: null,
      emailConfirmedAt: expect.any(Date),
    });
    const login = await t.client().post('/api/login', { email, password: 'attacker-password' });
    expect(login.status).toBe(401);
  });

  it('refuses an unknown or missing state with 400', async () => {
    const { back, client } = await authorize('google');
    back.searchParams.set('state', 'forged-state');
    expect(await client.on(t.baseUrl).get(`${callbackPaths.google}${back.search}`)).toMatchObject({
      status: 400,
      body: { message: SocialLoginText.stateInvalid },
    });
    back.searchParams.delete('state');
    expect(await client.get(`${callbackPaths.google}${back.search}`)).toMatchObject({
      status: 400,
      body: { message: SocialLoginText.stateInvalid },
    });
    expect(await usersWithEmail(identity.email!)).toHaveLength(0);
  });

  it("refuses one provider's state at another provider's callback", async () => {
    const { query, client } = await authorize('google');
    expect(await client.get(`${callbackPaths.facebook}${query}`)).toMatchObject({
      status: 400,
      body: { message: SocialLoginText.stateInvalid },
    });
  });

  it('refuses a replayed callback (same code, state and state cookie) and starts no second session', async () => {
    const { client, query } = await authorize('google');
    // A copy of the browser's cookies taken before the callback used them.
    const replayer = client.on(t.baseUrl);
    const answer = await client.get(`${callbackPaths.google}${query}`);
    expect(answer.status).toBe(200);
    const sessionsBefore = await sessionsOf(answer.body._id);

    const replay = await replayer.get(`${callbackPaths.google}${query}`);

    expect(replay).toMatchObject({ status: 400, body: { message: SocialLoginText.stateInvalid } });
    expect(replay.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
    expect(replayer.cookieHeader).toBeUndefined();
    expect(await sessionsOf(answer.body._id)).toHaveLength(sessionsBefore.length);
  });

  it('lets only one of two simultaneous callbacks with the same state through', async () => {
    const { query, client } = await authorize('google');
    const answers = await Promise.all(
      [1, 2].map(() => client.on(t.baseUrl).get(`${callbackPaths.google}${query}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await usersWithEmail(identity.email!)).toHaveLength(1);
  });

  it('refuses a state older than 10 minutes', async () => {
    const { query, client } = await authorize('google');
    t.clock.advance(10 * 60_000 + 1);
    expect(await client.get(`${callbackPaths.google}${query}`)).toMatchObject({
      status: 400,
      body: { message: SocialLoginText.stateInvalid },
    });
  });

  it('answers a declined consent with 400 and uses the state up', async () => {
    const { back, client } = await authorize('google');
    back.searchParams.delete('code');
    back.searchParams.set('error', 'access_denied');
    expect(await client.get(`${callbackPaths.google}${back.search}`)).toMatchObject({
      status: 400,
      body: { message: SocialLoginText.cancelled },
    });
  });

  it.each([
    ['google', { emailVerified: false }],
    ['google', { email: undefined }],
    ['facebook', { emailVerified: false }],
    ['facebook', { email: undefined }],
    ['github', { emailVerified: false }],
  ] as const)(
    'refuses a %s account whose e-mail is %o with 400 and creates nothing',
    async (name, change) => {
      identity = newIdentity(change);
      const { answer, client } = await signIn(name);

      expect(answer).toMatchObject({
        status: 400,
        body: { message: SocialLoginText.emailNotVerified(name) },
      });
      expect(answer.body.message).toMatch(/^Your (Google|Facebook|GitHub) account's e-mail is not verified$/);
      expect(client.cookieHeader).toBeUndefined();
      if (identity.email) expect(await usersWithEmail(identity.email)).toHaveLength(0);
      const links = await t.db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.provider, name), eq(socialAccounts.subject, identity.sub)));
      expect(links).toHaveLength(0);
    },
  );

  it('creates and logs in a Facebook customer from the Graph profile', async () => {
    const { answer, client } = await signIn('facebook');
    expect(answer).toMatchObject({
      status: 200,
      body: {
        email: identity.email,
        name: { giveName: 'Sam', familyName: 'Social' },
        balance: { bonus: 20 },
      },
    });
    expect((await client.get('/api/user/info')).status).toBe(200);
    const [link] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, answer.body._id));
    expect(link).toMatchObject({ provider: 'facebook', subject: identity.sub });
  });

  it('creates and logs in a GitHub customer from the primary verified e-mail', async () => {
    const { answer } = await signIn('github');
    expect(answer).toMatchObject({ status: 200, body: { email: identity.email, balance: { bonus: 20 } } });
    const [link] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, answer.body._id));
    expect(link).toMatchObject({ provider: 'github', subject: identity.sub });
  });

  it('never logs into a deleted account: its link is dropped and the person starts anew', async () => {
    const first = await signIn('google');
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, first.answer.body._id));

    const again = await signIn('google');

    expect(again.answer.status).toBe(200);
    expect(again.answer.body._id).not.toBe(first.answer.body._id);
    expect(await ledgerOf(again.answer.body._id)).toHaveLength(1);
  });
});

describe('social sign-in of staff', () => {
  const linksOf = (name: SocialProvider, subject: string) =>
    t.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, name), eq(socialAccounts.subject, subject)));

  it.each(['google', 'facebook', 'github'] as const)(
    'refuses a %s sign-in into a staff account of that e-mail: they sign in with their password',
    async (name) => {
      const [designer] = await createStaff(t, RoleTitle.designer);
      identity = newIdentity({ email: designer!.email });

      const { answer, client } = await signIn(name);

      expect(answer).toMatchObject({ status: 403, body: { message: SocialLoginText.staffRefused(name) } });
      expect(answer.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
      expect(client.cookieHeader).toBeUndefined();
      expect(await linksOf(name, identity.sub)).toHaveLength(0);
      expect(await sessionsOf(designer!.userId)).toHaveLength(1);
    },
  );

  it("refuses the admin's e-mail too", async () => {
    identity = newIdentity({ email: TEST_ADMIN.email });
    const { answer, client } = await signIn('google');
    expect(answer).toMatchObject({ status: 403, body: { message: SocialLoginText.staffRefused('google') } });
    expect(client.cookieHeader).toBeUndefined();
  });

  it('refuses an account linked as a customer once it holds a staff permission', async () => {
    const first = await signIn('github');
    expect(first.answer.status).toBe(200);
    const userId: string = first.answer.body._id;
    await t.db.update(users).set({ customPermissions: true }).where(eq(users.id, userId));
    await t.db.insert(userPermissions).values({ userId, sign: PermissionSign.lookOrders, status: true });
    const sessionsBefore = await sessionsOf(userId);

    const again = await signIn('github');

    expect(again.answer).toMatchObject({
      status: 403,
      body: { message: SocialLoginText.staffRefused('github') },
    });
    expect(again.client.cookieHeader).toBeUndefined();
    expect(await sessionsOf(userId)).toHaveLength(sessionsBefore.length);
  });
});

describe('a server without social keys', () => {
  it('offers no provider and answers 404 on every social route', async () => {
    const bare = await createTestApp();
    try {
      const client = bare.client();
      expect((await client.get('/api/auth/providers')).body).toEqual({ providers: [] });
      for (const path of [
        '/api/auth/google',
        '/api/login/google',
        '/api/auth/facebook',
        '/api/auth/github',
        '/api/login/google/callback?code=c&state=s',
        '/api/login/facebook/callback?code=c&state=s',
        '/api/auth/github/callback?code=c&state=s',
      ]) {
        expect(await client.get(path)).toMatchObject({
          status: 404,
          body: { message: SocialLoginText.providerUnavailable },
        });
      }
    } finally {
      await bare.close();
    }
  });
});
