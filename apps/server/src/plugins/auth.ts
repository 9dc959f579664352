import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_TTL_DAYS } from '@retouch/shared/constants';
import { PermissionSign, hasPermission, type PermissionSignValue } from '@retouch/shared/permissions';
import { users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { hashToken, newSecretToken } from '../lib/tokens';
import { findLiveSession, insertSession } from '../modules/auth/sessions.repository';
import { findEffectivePermissions } from '../modules/permissions/permissions.repository';

export interface GuardedRoute {
  method: string;
  url: string;
  permission: PermissionSignValue;
}

export interface SessionIdentity {
  sessionId: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission sign an /api/admin or /api/analytics route needs besides showAdmin. */
    permission?: PermissionSignValue;
  }
  interface FastifyRequest {
    identity: SessionIdentity | null | undefined;
  }
  interface FastifyInstance {
    /** The live session of the request, or null; loaded once per request. */
    loadIdentity(request: FastifyRequest): Promise<SessionIdentity | null>;
    /** Throws 401 without a live session. */
    requireIdentity(request: FastifyRequest): Promise<SessionIdentity>;
    startSession(reply: FastifyReply, userId: string, userAgent?: string): Promise<void>;
    clearSessionCookie(reply: FastifyReply): void;
    /** Every staff route registered with the sign it declared, in registration order. */
    guardedRoutes: GuardedRoute[];
  }
}

/** Staff routes: each must declare its permission sign, checked before its handler. */
const GUARDED_PREFIXES = ['/api/admin', '/api/analytics'];
/** Activity is written at most this often per user (it drives the expiry of tokens after a year idle). */
const ACTIVITY_RESOLUTION_MS = 60 * 60 * 1000;

async function recordActivity(app: FastifyInstance, userId: string, lastActiveAt: Date): Promise<void> {
  const now = app.clock.now();
  if (now.getTime() - lastActiveAt.getTime() < ACTIVITY_RESOLUTION_MS) return;
  await app.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}

/** Sessions from the httpOnly cookie, and the permission guard every /api/admin route must declare. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.COOKIE_SECURE,
  };

  app.decorateRequest('identity', undefined);
  app.decorate('guardedRoutes', [] as GuardedRoute[]);

  app.decorate('loadIdentity', async (request: FastifyRequest) => {
    if (request.identity !== undefined) return request.identity;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findLiveSession(app.db, hashToken(token), app.clock.now()) : undefined;
    request.identity = session ? { sessionId: session.sessionId, userId: session.userId } : null;
    if (session) await recordActivity(app, session.userId, session.lastActiveAt);
    return request.identity;
  });

  app.decorate('requireIdentity', async (request: FastifyRequest) => {
    const identity = await app.loadIdentity(request);
    if (!identity) throw AppError.unauthorized();
    return identity;
  });

  app.decorate('startSession', async (reply: FastifyReply, userId: string, userAgent?: string) => {
    const token = newSecretToken();
    const maxAge = SESSION_TTL_DAYS * 24 * 60 * 60;
    const expiresAt = new Date(app.clock.now().getTime() + maxAge * 1000);
    await insertSession(app.db, {
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      userAgent: userAgent?.slice(0, 300),
    });
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  });

  app.addHook('onRoute', (route) => {
    if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const sign = route.config?.permission;
    if (sign === undefined) {
      throw new Error(
        `${route.method} ${route.url} must declare the permission it needs (config.permission)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.guardedRoutes.push({ method, url: route.url, permission: sign });
    }
    const guard = async (request: FastifyRequest) => {
      const { userId } = await app.requireIdentity(request);
      const permissions = await findEffectivePermissions(app.db, userId);
      if (!hasPermission(permissions, PermissionSign.showAdmin) || !hasPermission(permissions, sign)) {
        throw AppError.forbidden();
      }
    };
    const existing = route.preHandler;
    route.preHandler = [guard, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  });
});
