import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_TTL_DAYS } from '@retouch/shared/constants';
import { PermissionSign, hasPermission, type PermissionSignValue } from '@retouch/shared/permissions';
import { users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { hashToken, newSecretToken } from '../lib/tokens';
import {
  createAccessCache,
  type AccessCache,
  type CachedAccess,
  type CachedSession,
} from '../modules/auth/access-cache';
import { findLiveSession, insertSession } from '../modules/auth/sessions.repository';
import { findAccess } from '../modules/permissions/permissions.repository';

export interface GuardedRoute {
  method: string;
  url: string;
  permission: PermissionSignValue;
}

interface SessionIdentity {
  sessionId: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission sign an /api/admin or /api/analytics route needs besides showAdmin. */
    permission?: PermissionSignValue;
    /**
     * A customer-side route for a signed-in user: a visitor gets 401 before the request's parts are
     * validated (the handler reads the identity with `requireIdentity`, cached on the request).
     */
    signedIn?: true;
    /**
     * An /api/admin route the customer side calls too (customer side section 7): any account signed in,
     * no sign (declared with `signedIn`; the handler answers the account's own data only).
     */
    everyAccount?: true;
  }
  interface FastifyRequest {
    identity: SessionIdentity | null | undefined;
  }
  interface FastifyInstance {
    /** Sessions and permissions kept per instance; forgotten everywhere when they change. */
    accessCache: AccessCache;
    /** The live session of a session cookie's token (cached). */
    sessionOf(token: string): Promise<CachedSession | undefined>;
    /** The role and effective permissions of a live user (cached); undefined when the account is gone. */
    accessOf(userId: string): Promise<CachedAccess | undefined>;
    /** After sessions were revoked: forgotten on every instance, and their sockets told and closed. */
    endSessions(userId: string, sessionIds: readonly string[]): Promise<void>;
    /** After users' role or permissions changed: forgotten on every instance. */
    accessChanged(userIds: readonly string[]): Promise<void>;
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

async function recordActivity(app: FastifyInstance, session: CachedSession): Promise<void> {
  const now = app.clock.now();
  if (now.getTime() - session.lastActiveAt.getTime() < ACTIVITY_RESOLUTION_MS) return;
  // The kept session is marked first, so that the requests of the same hour do not write it again.
  session.lastActiveAt = now;
  await app.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, session.userId));
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

  const cache = createAccessCache({ ttlMs: app.config.ACCESS_CACHE_SECONDS * 1000 });
  app.decorate('accessCache', cache);
  app.decorate('sessionOf', async (token: string) => {
    const tokenHash = hashToken(token);
    const session = await cache.session(tokenHash, () => findLiveSession(app.db, tokenHash, app.clock.now()));
    // A kept session still ends at its expiry.
    return session && session.expiresAt > app.clock.now() ? session : undefined;
  });
  app.decorate('accessOf', (userId: string) => cache.access(userId, () => findAccess(app.db, userId)));
  app.decorate('endSessions', async (userId: string, sessionIds: readonly string[]) => {
    if (sessionIds.length === 0) return;
    await cache.forget({ sessionIds: [...sessionIds] });
    // The sessions are over either way: a socket that could not be told is logged, not the caller's error.
    await Promise.all(
      sessionIds.map((sessionId) =>
        app.realtime
          .endSession(userId, sessionId)
          .catch((error: unknown) => app.log.error({ err: error }, 'sockets of an ended session not closed')),
      ),
    );
  });
  app.decorate('accessChanged', async (userIds: readonly string[]) => {
    if (userIds.length > 0) await cache.forget({ userIds: [...userIds] });
  });

  app.decorate('loadIdentity', async (request: FastifyRequest) => {
    if (request.identity !== undefined) return request.identity;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await app.sessionOf(token) : undefined;
    request.identity = session ? { sessionId: session.sessionId, userId: session.userId } : null;
    if (session) await recordActivity(app, session);
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
    // Checked before the request's parts are validated: a visitor learns nothing of a route's schemas
    // (401/403 first, as before any route declared them).
    const checkFirst = (check: (request: FastifyRequest) => Promise<void>) => {
      const existing = route.preValidation;
      route.preValidation = [check, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    };
    if (route.config?.signedIn) {
      checkFirst(async (request) => {
        await app.requireIdentity(request);
      });
    }
    if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    if (route.config?.everyAccount) {
      if (!route.config.signedIn)
        throw new Error(`${route.method} ${route.url}: everyAccount needs signedIn`);
      return;
    }
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
      const permissions = (await app.accessOf(userId))?.permissions ?? [];
      if (!hasPermission(permissions, PermissionSign.showAdmin) || !hasPermission(permissions, sign)) {
        throw AppError.forbidden();
      }
    };
    checkFirst(guard);
  });
});
