import type { FastifyInstance } from 'fastify';
import {
  AccountText,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@retouch/shared/accounts';
import { parseInput } from '../../lib/validation';
import type { AccountDeps } from './accounts.deps';
import { deleteOwnAccount, loadAccountSecurity } from './account-deletion.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';

/** Password reset by e-mailed link, and self-service deletion of a customer's account. */
export async function accountRoutes(app: FastifyInstance) {
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

  app.post('/api/password/forgot', { config: authRateLimit }, async (request) => {
    const { email } = parseInput(forgotPasswordSchema, request.body);
    await requestPasswordReset(deps(), email);
    return { message: AccountText.resetRequested };
  });

  app.post('/api/password/reset', { config: authRateLimit }, async (request) => {
    const { token, password } = parseInput(resetPasswordSchema, request.body);
    await resetPassword(deps(), token, password);
    return { message: AccountText.passwordReset };
  });

  app.get('/api/user/account', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return loadAccountSecurity(deps(), userId);
  });

  app.delete('/api/user/account', { config: authRateLimit }, async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    const confirmation = parseInput(deleteAccountSchema, request.body ?? {});
    await deleteOwnAccount(deps(), userId, confirmation);
    app.clearSessionCookie(reply);
    return { message: AccountText.accountDeleted };
  });
}
