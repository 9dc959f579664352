import { Redis } from 'ioredis';

/** The machine's shared Redis, which tests use under a key prefix of their own and never stop. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the shared Redis answers. CI runs Redis (.ci/run starts it): there a missing Redis fails, it is not skipped. */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch (error) {
    if (process.env.TEST_DATABASE_URL) throw error;
    return false;
  } finally {
    probe.disconnect();
  }
}
