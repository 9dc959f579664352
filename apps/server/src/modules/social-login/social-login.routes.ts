import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginAnswerSchema } from '@retouch/shared/auth';
import {
  ANDROID_LOGIN_PAGE_PATH,
  OAUTH_STATE_TTL_MINUTES,
  SocialLoginText,
  socialProvidersAnswerSchema,
} from '@retouch/shared/social-login';
import { userInfoSchema } from '@retouch/shared/users';
import { AppError } from '../../lib/app-error';
import { foreignRequestCheck } from '../../lib/foreign-request';
import { resendConfirmation } from '../auth/auth.service';
import { loadUserInfo } from '../users/users.service';
import { logInFromApp, type AndroidHookDeps } from './android-hook.service';
import { createGoogleIdTokenVerifier } from './google-id-token';
import { createProviderClients } from './social-login.providers';
import {
  completeSocialLogin,
  providerClient,
  startSocialLogin,
  type SocialLoginDeps,
} from './social-login.service';

/** The cookie binding a started social sign-in to the browser that started it. */
export const OAUTH_STATE_COOKIE = 'retouch_oauth_state';

/** Social login (Google, Facebook, GitHub through openid-client) and the mobile-app hook. */
export async function socialLoginRoutes(app: FastifyInstance) {
  const providers = createProviderClients(app.config);
  const deps = (): SocialLoginDeps => ({ db: app.db, clock: app.clock, providers });
  const { GOOGLE_ANDROID_CLIENT_ID, ANDROID_HASH_LOGIN, ANDROID_HMAC_SECRET } = app.config;
  const idTokens = GOOGLE_ANDROID_CLIENT_ID
    ? createGoogleIdTokenVerifier({
        issuer: app.config.GOOGLE_ISSUER,
        clientId: GOOGLE_ANDROID_CLIENT_ID,
        allowHttp: !app.config.isProduction,
      })
    : null;
  const appDeps = (): AndroidHookDeps => ({
    db: app.db,
    clock: app.clock,
    idTokens,
    hashSecret: (ANDROID_HASH_LOGIN && ANDROID_HMAC_SECRET) || null,
    mailConfirmation: async (userId) => {
      const { mailer, log, config } = app;
      const authDeps = { db: app.db, clock: app.clock, mailer, log, publicUrl: config.PUBLIC_URL };
      return new Date((await resendConfirmation(authDeps, userId)).dateStart);
    },
  });
  const authRateLimit = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const stateCookie = {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.COOKIE_SECURE,
  };

  const start = async (name: string, reply: FastifyReply) => {
    const { url, state } = await startSocialLogin(deps(), providerClient(deps(), name));
    reply.setCookie(OAUTH_STATE_COOKIE, state, { ...stateCookie, maxAge: OAUTH_STATE_TTL_MINUTES * 60 });
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  };
  // Answers like POST /api/login: the session cookie and the user.
  const logIn = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    await app.startSession(reply, userId, request.headers['user-agent']);
    reply.header('cache-control', 'no-store');
    return loadUserInfo(app.db, userId, app.accessOf);
  };
  const complete = async (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const browserState = request.cookies[OAUTH_STATE_COOKIE];
    if (browserState !== undefined) reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
    const client = providerClient(deps(), name);
    const userId = await completeSocialLogin(deps(), client, request.query, browserState);
    return logIn(request, reply, userId);
  };
  const providerOf = (request: FastifyRequest) => (request.params as { provider: string }).provider;

  app.get(
    '/api/auth/providers',
    { schema: { response: { 200: socialProvidersAnswerSchema } } },
    async () => ({
      providers: [...providers.keys()],
    }),
  );

  app.get('/api/login/google', { config: authRateLimit }, (_request, reply) => start('google', reply));
  app.get('/api/auth/:provider', { config: authRateLimit }, (request, reply) =>
    start(providerOf(request), reply),
  );

  // A completed sign-in answers like POST /api/login: the user.
  const signedIn = { config: authRateLimit, schema: { response: { 200: userInfoSchema } } };
  app.get('/api/login/google/callback', signedIn, (request, reply) => complete('google', request, reply));
  app.get('/api/login/facebook/callback', signedIn, (request, reply) => complete('facebook', request, reply));
  app.get('/api/auth/:provider/callback', signedIn, (request, reply) =>
    complete(providerOf(request), request, reply),
  );

  // Login CSRF: another site's page sending a browser to the hook (with the attacker's own token or link)
  // would sign its owner in as the attacker. The app opening the link (`none`), the site's own page and
  // the app's HTTP client (no header) are let through.
  const isForeign = foreignRequestCheck(app.config);
  // Answers like POST /api/login: the user, or the pending confirmation of an unconfirmed account.
  const appLogin = { config: authRateLimit, schema: { response: { 200: loginAnswerSchema } } };
  app.get('/api/login/google/android', appLogin, async (request, reply) => {
    if (isForeign(request.raw)) throw AppError.forbidden(SocialLoginText.androidForeignRefused);
    const identity = await app.loadIdentity(request);
    const query = request.query as Record<string, unknown>;
    const login = await logInFromApp(appDeps(), query, identity?.userId ?? null);
    if (login.kind === 'user' && !login.signedInAlready) return logIn(request, reply, login.userId);
    reply.header('cache-control', 'no-store');
    return login.kind === 'pending' ? login.pending : loadUserInfo(app.db, login.userId, app.accessOf);
  });

  // The web page the app opens with its link passes the link on to the hook as this site's own request, so
  // another site's page must not open it either: it lands on /login, the link unused. Else the app shell.
  app.get(ANDROID_LOGIN_PAGE_PATH, (request, reply) =>
    isForeign(request.raw) ? reply.redirect('/login', 303) : reply.callNotFound(),
  );
}
