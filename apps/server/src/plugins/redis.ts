import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * A command waits at most this long for Redis (a slow or half-open connection); while Redis is away,
 * commands fail at once instead (no offline queue), so no request ever waits on an outage.
 */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Reconnection attempts back off up to this (ioredis retries for ever). */
const REDIS_RECONNECT_MAX_MS = 2000;

/** The Redis connections of a scaled-out instance: one for commands and publishing, one for subscribing. */
interface RedisConnections {
  client: Redis;
  subscriber: Redis;
  /** Every key and channel this deployment uses starts with it. */
  prefix: string;
  /** Both connections are ready: counters and fan-out go through Redis now. */
  available(): boolean;
  /**
   * Runs `listener` each time both connections are ready again after either was lost: events and
   * invalidations sent meanwhile were missed by this instance, and its own did not reach the others.
   */
  onRecovered(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set: several instances then share socket fan-out and counters. */
    redis: RedisConnections | null;
  }
}

/**
 * Connects to Redis when REDIS_URL is set; without it the instance works alone and `app.redis` is null.
 * An unreachable Redis at start stops the start with a clear error. Later, Redis is optional at every
 * moment (docs/decisions/0019): commands fail fast while it is away, ioredis reconnects for ever, and
 * `onRecovered` listeners catch up on what the outage hid.
 */
export const redisPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.REDIS_URL;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const retryStrategy = (attempt: number) => Math.min(attempt * 100, REDIS_RECONNECT_MAX_MS);
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: 'retouch',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy,
  });
  // The subscriber keeps ioredis' offline queue: its subscriptions are renewed on every reconnect.
  const subscriber = client.duplicate({
    connectionName: 'retouch-sub',
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  const listeners: Array<() => void> = [];
  let lost = false;
  const available = () => client.status === 'ready' && subscriber.status === 'ready';
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
    connection.on('close', () => {
      if (!lost) app.log.warn('Redis connection lost: counting alone until it returns');
      lost = true;
    });
    connection.on('ready', () => {
      if (!lost || !available()) return;
      lost = false;
      app.log.info('Redis is back: catching up on what the outage hid');
      for (const listener of listeners) listener();
    });
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, { cause: error });
  }
  lost = false;
  app.decorate('redis', {
    client,
    subscriber,
    prefix: app.config.REDIS_KEY_PREFIX,
    available,
    onRecovered: (listener) => listeners.push(listener),
  });
  // /readyz: an instance without its Redis would miss other instances' events.
  app.readiness.add('redis', async () => {
    if (!available()) throw new Error(`Redis is ${client.status}`);
    await client.ping();
  });
  app.addHook('onClose', async () => {
    listeners.length = 0;
    await Promise.allSettled([client.quit(), subscriber.quit()]);
    // A connection still reconnecting would keep trying (and the process alive).
    client.disconnect();
    subscriber.disconnect();
  });
});
