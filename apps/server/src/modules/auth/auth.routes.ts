import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authCheckSchema,
  confirmEmailQuerySchema,
  loginAnswerSchema,
  loginSchema,
  pendingConfirmationSchema,
  registrationSchema,
  resendAnswerSchema,
} from '@retouch/shared/auth';
import { PermissionSign, hasPermission, heldRoleTitle } from '@retouch/shared/permissions';
import { ServerText } from '@retouch/shared/texts';
import { messageSchema } from '@retouch/shared/users';
import { AppError } from '../../lib/app-error';
import { compiledAnswer } from '../../plugins/route-schemas';
import { loadUserInfo } from '../users/users.service';
import {
  authenticate,
  confirmEmail,
  isKnownDevice,
  registerCustomer,
  resendConfirmation,
  type AuthDeps,
} from './auth.service';
import { DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from './known-devices';
import { createLoginThrottle } from './login-throttle';
import { revokeSession } from './sessions.repository';

const userIdParams = z.object({ userId: z.uuid({ error: ServerText.userNotFound }) });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): AuthDeps => ({
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
  });
  const authRateLimit = { rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  // Guessing one account's password from many addresses meets a per-account limit as well.
  const loginThrottle = createLoginThrottle({ clock: app.clock, log: app.log, redis: app.redis });

  app.post(
    '/api/registration',
    {
      config: authRateLimit,
      schema: { body: registrationSchema, response: { 201: pendingConfirmationSchema } },
    },
    async (request, reply) => reply.status(201).send(await registerCustomer(deps(), request.body)),
  );

  app.get(
    '/api/email/confirm',
    { schema: { querystring: confirmEmailQuerySchema, response: { 200: messageSchema } } },
    async (request) => ({ message: await confirmEmail(deps(), request.query.userId, request.query.token) }),
  );

  app.get(
    '/api/email/confirm/reset/:userId',
    { config: authRateLimit, schema: { params: userIdParams, response: { 200: resendAnswerSchema } } },
    async (request) => resendConfirmation(deps(), request.params.userId),
  );

  // Sent to the login only: it is how the throttle knows a browser that signed in to the account before.
  const deviceCookie = {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.COOKIE_SECURE,
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  };
  const login = { body: loginSchema, response: { 200: loginAnswerSchema } };
  app.post('/api/login', { config: authRateLimit, schema: login }, async (request, reply) => {
    const { email, password } = request.body;
    const knownDevice = await isKnownDevice(deps(), email, request.cookies[DEVICE_COOKIE]);
    const result = await loginThrottle.guard({ email, knownDevice }, () =>
      authenticate(deps(), email, password),
    );
    if (result.kind === 'pending') return result.pending;
    await app.startSession(reply, result.userId, request.headers['user-agent']);
    reply.setCookie(DEVICE_COOKIE, result.deviceToken, deviceCookie);
    return loadUserInfo(app.db, result.userId, app.accessOf);
  });

  const logoutLimit = {
    config: { rateLimit: { max: app.config.LOGOUT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  };
  app.post(
    '/api/logout',
    { ...logoutLimit, schema: { response: { 200: messageSchema } } },
    async (request, reply) => {
      const identity = await app.loadIdentity(request);
      if (identity) {
        await revokeSession(app.db, identity.sessionId, app.clock.now());
        await app.endSessions(identity.userId, [identity.sessionId]);
      }
      app.clearSessionCookie(reply);
      return { message: ServerText.loggedOut };
    },
  );

  // A hot route: written by a compiled serializer (decision 38).
  const authCheck = { response: { 200: compiledAnswer(authCheckSchema) } };
  app.get('/api/auth/check', { schema: authCheck }, async (request) => {
    const { userId } = await app.requireIdentity(request);
    const access = await app.accessOf(userId);
    if (!access) throw AppError.unauthorized();
    return {
      loggedIn: true,
      isAdmin: hasPermission(access.permissions, PermissionSign.showAdmin),
      role: heldRoleTitle(access.roleTitle, access.custom),
    };
  });
}
