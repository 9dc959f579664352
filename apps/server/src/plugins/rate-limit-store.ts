import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The plugin's own two stores, which it neither exports nor types (CommonJS files of the package).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The rate limits' counters: in Redis, shared by every instance, while Redis is there; in this
 * process while it is away (and for a count Redis failed), so that an outage neither stops requests
 * nor lifts the limits: each instance then allows up to the limit by itself. Nothing waits on Redis:
 * the client fails commands at once while disconnected (plugins/redis.ts).
 */
export function sharedOrLocalStore(redis: { client: Redis; available(): boolean }, nameSpace: string) {
  class SharedOrLocalStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (!redis.available()) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (error) this.local.incr(key, callback, timeWindow, max);
          else callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new SharedOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends SharedOrLocalStore {
    // The plugin hands a store its global settings, these two among them (untyped there).
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
