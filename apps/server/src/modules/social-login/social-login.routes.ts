import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SocialProvidersAnswer } from '@retouch/shared/social-login';
import { loadUserInfo } from '../users/users.service';
import { logInAndroidUser, verifyAndroidLogin } from './android-hook.service';
import { createProviderClients } from './social-login.providers';
import {
  completeSocialLogin,
  providerClient,
  startSocialLogin,
  type SocialLoginDeps,
} from './social-login.service';

/** Social login (Google, Facebook, GitHub through openid-client) and the mobile-app hook. */
export async function socialLoginRoutes(app: FastifyInstance) {
  const providers = createProviderClients(app.config);
  const deps = (): SocialLoginDeps => ({ db: app.db, clock: app.clock, providers });
  const authRateLimit = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  const start = async (name: string, reply: FastifyReply) => {
    const url = await startSocialLogin(deps(), providerClient(deps(), name));
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  };
  // Answers like POST /api/login: the session cookie and the user.
  const logIn = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    await app.startSession(reply, userId, request.headers['user-agent']);
    reply.header('cache-control', 'no-store');
    return loadUserInfo(app.db, userId);
  };
  const complete = async (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const userId = await completeSocialLogin(deps(), providerClient(deps(), name), request.query);
    return logIn(request, reply, userId);
  };
  const providerOf = (request: FastifyRequest) => (request.params as { provider: string }).provider;

  app.get('/api/auth/providers', async (): Promise<SocialProvidersAnswer> => ({
    providers: [...providers.keys()],
  }));

  app.get('/api/login/google', { config: authRateLimit }, (_request, reply) => start('google', reply));
  app.get('/api/auth/:provider', { config: authRateLimit }, (request, reply) =>
    start(providerOf(request), reply),
  );

  app.get('/api/login/google/callback', { config: authRateLimit }, (request, reply) =>
    complete('google', request, reply),
  );
  app.get('/api/login/facebook/callback', { config: authRateLimit }, (request, reply) =>
    complete('facebook', request, reply),
  );
  app.get('/api/auth/:provider/callback', { config: authRateLimit }, (request, reply) =>
    complete(providerOf(request), request, reply),
  );

  app.get('/api/login/google/android', { config: authRateLimit }, async (request, reply) => {
    const login = verifyAndroidLogin(app.config.ANDROID_HMAC_SECRET, request.query);
    return logIn(request, reply, await logInAndroidUser(deps(), login));
  });
}
