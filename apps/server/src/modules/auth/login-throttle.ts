import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/**
 * Failed logins of one account within the window after which it is locked for the rest of the window:
 * counted once for the browsers that signed in to it before, once for all others.
 */
export const LOGIN_FAILURE_LIMIT = 10;
/** The window opens at an account's first failure; the lock never outlasts it. */
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** Accounts counted at once by one instance without Redis; beyond it, the oldest windows are dropped. */
const MAX_COUNTED_ACCOUNTS = 100_000;

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000;

/** Counts login attempts per account within its window; `clear` forgets the account. */
interface AttemptCounter {
  /** Counts one more attempt and answers how many the window holds now. */
  add(key: string): Promise<number>;
  clear(key: string): Promise<void>;
}

/** A login attempt as the throttle counts it. */
interface LoginAttempt {
  /** Trimmed and lower-cased by the login schema. */
  email: string;
  /** The browser carries a valid device cookie of this account (it signed in to it before). */
  knownDevice: boolean;
}

export interface LoginThrottle {
  /**
   * Runs the login unless its side of the account has used up its attempts in the window (429, whatever
   * the password and the address). Browsers the account knows and all others are counted apart, so that
   * strangers' failures lock out strangers only. A failed login keeps its attempt counted; a successful
   * one clears its side's count.
   */
  guard<T>(attempt: LoginAttempt, login: () => Promise<T>): Promise<T>;
}

function memoryCounter(clock: Clock): AttemptCounter {
  const windows = new Map<string, { attempts: number; endsAt: number }>();
  const forgetOldest = (now: number) => {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_COUNTED_ACCOUNTS) break;
      windows.delete(key);
    }
  };
  return {
    async add(key) {
      const now = clock.now().getTime();
      const current = windows.get(key);
      if (current && current.endsAt > now) return (current.attempts += 1);
      windows.delete(key);
      if (windows.size >= MAX_COUNTED_ACCOUNTS) forgetOldest(now);
      windows.set(key, { attempts: 1, endsAt: now + WINDOW_MS });
      return 1;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/** Shared by every instance: the key lives as long as the window (set at the first attempt, never extended). */
function redisCounter(redis: Redis, prefix: string): AttemptCounter {
  const keyOf = (key: string) => `${prefix}login-attempts:${key}`;
  return {
    async add(key) {
      const results = await redis.multi().set(keyOf(key), 0, 'PX', WINDOW_MS, 'NX').incr(keyOf(key)).exec();
      const [error, attempts] = results?.[1] ?? [new Error('The attempt was not counted')];
      if (error) throw error;
      return Number(attempts);
    },
    async clear(key) {
      await redis.del(keyOf(key));
    },
  };
}

/**
 * Counted in Redis while it is there, in this process while it is away or failing: an outage neither
 * stops logins nor lifts the limit (each instance then allows up to it by itself).
 */
function sharedOrLocal(
  redis: { client: Redis; prefix: string; available(): boolean },
  local: AttemptCounter,
): AttemptCounter {
  const shared = redisCounter(redis.client, redis.prefix);
  return {
    async add(key) {
      if (!redis.available()) return local.add(key);
      return shared.add(key).catch(() => local.add(key));
    },
    async clear(key) {
      await Promise.all([local.clear(key), redis.available() ? shared.clear(key) : undefined]);
    },
  };
}

/**
 * Per-account login throttling on top of the per-IP rate limit, counted in Redis when instances share
 * one, else in this process. Counting before the password is checked bounds parallel guesses too.
 */
export function createLoginThrottle(deps: {
  clock: Clock;
  log: FastifyBaseLogger;
  redis?: { client: Redis; prefix: string; available(): boolean } | null;
}): LoginThrottle {
  const local = memoryCounter(deps.clock);
  const counter = deps.redis ? sharedOrLocal(deps.redis, local) : local;
  // Hashed, the e-mail stays out of Redis.
  const keyOf = ({ email, knownDevice }: LoginAttempt) => {
    const account = createHash('sha256').update(email).digest('base64url');
    return knownDevice ? `${account}:known` : account;
  };
  return {
    async guard(attempt, login) {
      const key = keyOf(attempt);
      let attempts = 0;
      try {
        attempts = await counter.add(key);
      } catch (error) {
        deps.log.warn({ err: error }, 'login attempt not counted');
      }
      if (attempts > LOGIN_FAILURE_LIMIT) throw AppError.tooManyRequests(ServerText.tooManyRequests);
      const result = await login();
      await counter.clear(key).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'login attempts not cleared');
      });
      return result;
    },
  };
}
