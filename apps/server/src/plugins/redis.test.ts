import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { REDIS_URL, redisAnswers } from '../../test/shared-redis';

const available = await redisAnswers();
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe.skipIf(!available)('Redis of a scaled-out instance', () => {
  it('is part of readiness: ready with it, 503 naming it once it is gone', async () => {
    const prefix = `retouch-test-redis-${process.pid}:`;
    const t = await createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
    apps.push(t);
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { redis: 'ok' } });

    t.app.redis!.client.disconnect();
    const notReady = await fetch(`${t.baseUrl}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ failing: ['redis'] });
  });

  it('refuses to start with a Redis that does not answer, naming REDIS_URL', async () => {
    const database = await createTestDatabase();
    try {
      await expect(buildApp(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), { database })).rejects.toThrow(
        /REDIS_URL is unreachable/,
      );
    } finally {
      await database.close();
    }
  });
});
