import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** The Redis connections of a scaled-out instance: one for commands and publishing, one for subscribing. */
interface RedisConnections {
  client: Redis;
  subscriber: Redis;
  /** Every key and channel this deployment uses starts with it. */
  prefix: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set: several instances then share socket fan-out and counters. */
    redis: RedisConnections | null;
  }
}

/**
 * Connects to Redis when REDIS_URL is set; without it the instance works alone and `app.redis` is null.
 * An unreachable Redis at start stops the start with a clear error; later outages are retried by ioredis.
 */
export const redisPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.REDIS_URL;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const client = new Redis(url, { lazyConnect: true, connectionName: 'retouch' });
  const subscriber = client.duplicate({ connectionName: 'retouch-sub' });
  for (const connection of [client, subscriber]) {
    connection.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, { cause: error });
  }
  app.decorate('redis', { client, subscriber, prefix: app.config.REDIS_KEY_PREFIX });
  // /readyz: an instance without its Redis would miss other instances' events.
  app.readiness.add('redis', async () => {
    if (client.status !== 'ready' || subscriber.status !== 'ready')
      throw new Error(`Redis is ${client.status}`);
    await client.ping();
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([client.quit(), subscriber.quit()]);
  });
});
