import { Redis } from 'ioredis';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@retouch/shared/constants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/fixtures';
import { socketsToShed } from './socket-rebalance';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the share of sockets an instance lets go', () => {
  it.each([
    [[10, 0], 10, 5],
    [[10, 10], 10, 0],
    [[12, 9], 12, 0],
    [[30, 0, 0], 30, 20],
    [[3, 0], 3, 0],
    [[0, 10], 0, 0],
  ])('of counts %j, holding %i: %i', (counts, local, shed) => {
    expect(socketsToShed(local, counts)).toBe(shed);
  });
});

describe('an instance holding every socket after another restarted', () => {
  let t: TestApp | undefined;
  const sockets: Socket[] = [];
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
    redis.disconnect();
  });

  it('lets the excess go, and those clients reconnect by themselves', async () => {
    const prefix = `retouch-test-rebalance-${process.pid}:`;
    t = await createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix, SOCKET_REBALANCE_SECONDS: '1' });
    await redis.connect();
    const { client } = await signUpCustomer(t);
    const closed: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      // As the web app's socket: it reconnects by itself after a transport close.
      const socket = ioClient(t.baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnectionDelay: 50,
        extraHeaders: { cookie: client.cookieHeader ?? '' },
      });
      socket.on('disconnect', (reason) => closed.push(reason));
      sockets.push(socket);
    }
    await expect.poll(() => sockets.every((socket) => socket.connected)).toBe(true);
    // Another instance, just restarted, holds none: it says so, as its own pass would.
    const other = setInterval(
      () => void redis.hset(`${prefix}socket-counts`, 'restarted', `0:${Date.now()}`),
      200,
    );
    try {
      await expect.poll(() => closed.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      expect(new Set(closed)).toEqual(new Set(['transport close']));
      await expect.poll(() => sockets.every((socket) => socket.connected)).toBe(true);
    } finally {
      clearInterval(other);
    }
  });
});
