import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountText,
  accountSecuritySchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@retouch/shared/accounts';
import { messageSchema } from '@retouch/shared/users';
import type { AccountDeps } from './accounts.deps';
import { deleteOwnAccount, loadAccountSecurity } from './account-deletion.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';

/** Password reset by e-mailed link, and self-service deletion of a customer's account. */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): AccountDeps => ({
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    storage: app.storage,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
    events: {
      sessionsEnded: (userId, sessionIds) => app.endSessions(userId, sessionIds),
    },
  });
  const authRateLimit = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  app.post(
    '/api/password/forgot',
    { config: authRateLimit, schema: { body: forgotPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await requestPasswordReset(deps(), request.body.email);
      return { message: AccountText.resetRequested };
    },
  );

  app.post(
    '/api/password/reset',
    { config: authRateLimit, schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { token, password } = request.body;
      await resetPassword(deps(), token, password);
      return { message: AccountText.passwordReset };
    },
  );

  app.get('/api/user/account', { schema: { response: { 200: accountSecuritySchema } } }, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return loadAccountSecurity(deps(), userId);
  });

  app.delete(
    '/api/user/account',
    {
      config: { ...authRateLimit, signedIn: true },
      schema: { body: deleteAccountSchema, response: { 200: messageSchema } },
    },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      await deleteOwnAccount(deps(), userId, request.body);
      app.clearSessionCookie(reply);
      return { message: AccountText.accountDeleted };
    },
  );
}
