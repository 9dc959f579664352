import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { degrees, users } from './db/schema/index';
import { seedIfEmpty } from './seed';
import { createTestApp, type TestApp } from '../test/test-app';
import { testConfig } from '../test/test-config';
import { openDatabase } from './db/client';
import { createStorage } from './storage/create-storage';
import { COLD_EMBEDDED_START_MS } from '../test/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedIfEmpty', () => {
  it('does nothing on a database that already has roles', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(t.db, t.config, t.app.storage)).toBeNull();
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it(
    'creates the admin with a generated password and no demo accounts in production',
    async () => {
      const database = await openDatabase({});
      try {
        await database.migrate();
        const config = testConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: '', SEED_DEMO: '' });
        const accounts = await seedIfEmpty(database.db, config, await createStorage(config));
        expect(accounts).toHaveLength(1);
        expect(accounts?.[0]).toMatchObject({
          role: 'Admin',
          email: 'admin@retouch.test',
          password: expect.stringMatching(/^\S{12}$/),
        });
      } finally {
        await database.close();
      }
    },
    COLD_EMBEDDED_START_MS,
  );

  it('fills the demo catalogue: active groups with services, one default degree, refusal reasons', async () => {
    const catalog = (await t.client().get('/api/services')).body as Array<{
      title: { user: string };
      list: unknown[];
    }>;
    expect(catalog.map((group) => group.title.user)).toEqual([
      'Face',
      'Body',
      'Hair and makeup',
      'Background and objects',
    ]);
    expect(catalog.every((group) => group.list.length > 0)).toBe(true);
    const reasons = (await t.client().get('/api/orders/reason')).body as unknown[];
    expect(reasons.length).toBeGreaterThanOrEqual(4);
    const [defaults] = await t.db.select({ n: count() }).from(degrees).where(eq(degrees.isDefault, true));
    expect(defaults?.n).toBe(1);
  });
});
