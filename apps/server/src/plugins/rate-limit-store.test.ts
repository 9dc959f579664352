import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedOrLocalStore } from './rate-limit-store';

/**
 * The rate limits' counters while Redis is away (issue 34): counted in this process, so an outage
 * neither stops requests nor lifts the limits; back in Redis once it is there.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_MS = 60_000;

/** A client that never connects: every command fails at once, as ours does while Redis is away. */
const unreachable = new Redis('redis://127.0.0.1:1', {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
unreachable.on('error', () => undefined);
afterAll(() => unreachable.disconnect());

function counts(
  store: {
    incr: (key: string, cb: (e: Error | null, r?: { current: number }) => void, w: number, m: number) => void;
  },
  key: string,
  times: number,
) {
  return Promise.all(
    Array.from(
      { length: times },
      () =>
        new Promise<number>((resolve, reject) =>
          store.incr(
            key,
            (error, result) => (error ? reject(error) : resolve(result!.current)),
            WINDOW_MS,
            2,
          ),
        ),
    ),
  );
}

describe('the rate limits while Redis is away', () => {
  it('count in this process, the limit still reached', async () => {
    const Store = sharedOrLocalStore({ client: unreachable, available: () => false }, 'rl-test:');
    const counted = await counts(new Store({}), 'user:a', 3);
    expect(counted.sort()).toEqual([1, 2, 3]);
  });

  it('count in this process when a count in Redis fails, though the client said it was there', async () => {
    const Store = sharedOrLocalStore({ client: unreachable, available: () => true }, 'rl-test:');
    const counted = await counts(new Store({}), 'user:b', 3);
    expect(counted.sort()).toEqual([1, 2, 3]);
  });

  it('count in Redis, shared by two instances, while it is there', async () => {
    const client = new Redis(REDIS_URL);
    try {
      const prefix = `retouch-test-rl-${process.pid}-${Date.now()}:`;
      const first = sharedOrLocalStore({ client, available: () => true }, prefix);
      const second = sharedOrLocalStore({ client, available: () => true }, prefix);
      const [a] = await counts(new first({}), 'user:c', 1);
      const [b] = await counts(new second({}), 'user:c', 1);
      expect([a, b]).toEqual([1, 2]);
      await client.del(`${prefix}user:c`);
    } finally {
      client.disconnect();
    }
  });
});
