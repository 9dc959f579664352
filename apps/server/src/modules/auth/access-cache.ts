import { LRUCache } from 'lru-cache';
import type { PermissionEntry } from '@retouch/shared/permissions';

/** A live session as the auth plugin needs it on every request. */
export interface CachedSession {
  sessionId: string;
  userId: string;
  lastActiveAt: Date;
  expiresAt: Date;
}

/** What a user may do: their effective permission signs and their role's title. */
export interface CachedAccess {
  permissions: PermissionEntry[];
  roleId: string;
  roleTitle: string;
  /** Their own switches replace the role's (the role `custom` of back office section 3). */
  custom: boolean;
}

/** What changed: these sessions ended, or everything about these users (sessions, role, permissions). */
export type AccessChange = { sessionIds: string[] } | { userIds: string[] };

export interface AccessCacheOptions {
  /** How long an entry is trusted without a change being announced; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept of each kind; the least recently used go first. */
  max?: number;
  /** Milliseconds for the time to live (tests move it); performance.now by default. */
  now?: () => number;
}

type Listener = (change: AccessChange) => Promise<void>;

/**
 * Session → identity and user → permissions, kept per instance so that an authenticated request needs
 * no query for them (issue 20). A change is forgotten here at once and announced to the other instances
 * (onForget; the realtime plugin waits for each instance to confirm), so a logout, a password change, an
 * account closure or a permission change takes effect everywhere before its answer is sent. The time to
 * live bounds what a change made outside the product (SQL by hand) or a lost announcement can leave.
 * A load that raced a change is not kept: every forget moves the generation on.
 */
export function createAccessCache({ ttlMs, max = 10_000, now }: AccessCacheOptions) {
  const enabled = ttlMs > 0;
  const options = { max, ttl: Math.max(ttlMs, 1), ...(now ? { perf: { now }, ttlResolution: 0 } : {}) };
  const sessions = new LRUCache<string, CachedSession>(options);
  const access = new LRUCache<string, CachedAccess>(options);
  const listeners: Listener[] = [];
  let generation = 0;

  async function through<V extends object>(
    cache: LRUCache<string, V>,
    key: string,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> {
    const hit = enabled ? cache.get(key) : undefined;
    if (hit) return hit;
    const seen = generation;
    const value = await load();
    if (enabled && value && seen === generation) cache.set(key, value);
    return value;
  }

  function forgetLocal(change: AccessChange): void {
    generation += 1;
    const ended =
      'sessionIds' in change
        ? (entry: CachedSession) => change.sessionIds.includes(entry.sessionId)
        : (entry: CachedSession) => change.userIds.includes(entry.userId);
    for (const [tokenHash, entry] of sessions.entries()) {
      if (ended(entry)) sessions.delete(tokenHash);
    }
    if ('userIds' in change) for (const userId of change.userIds) access.delete(userId);
  }

  return {
    /** The session of a token hash; `load` reads it from the database when it is not kept. */
    session: (tokenHash: string, load: () => Promise<CachedSession | undefined>) =>
      through(sessions, tokenHash, load),
    /** The role and permissions of a live user; `load` reads them when they are not kept. */
    access: (userId: string, load: () => Promise<CachedAccess | undefined>) => through(access, userId, load),
    /** After a change made here: forgotten here, then announced; resolves when every instance has it. */
    async forget(change: AccessChange): Promise<void> {
      forgetLocal(change);
      await Promise.all(listeners.map((listener) => listener(change)));
    },
    /** After a change announced by another instance. */
    forgetLocal,
    /** Announcements may have been missed (the instances' link was down): nothing kept is trusted. */
    forgetAll(): void {
      generation += 1;
      sessions.clear();
      access.clear();
    },
    onForget(listener: Listener): void {
      listeners.push(listener);
    },
  };
}

export type AccessCache = ReturnType<typeof createAccessCache>;
