import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { degrees, users } from './db/schema/index';
import { firstStartLines, seedIfEmpty } from './seed';
import { createTestApp, type TestApp } from '../test/test-app';
import { testConfig } from '../test/test-config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { verifyPassword } from './lib/passwords';
import { createStorage } from './storage/create-storage';
import { COLD_EMBEDDED_START_MS } from '../test/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether the seeded account's stored hash takes the password. */
async function logInWorks(database: DatabaseHandle, email: string, password: string): Promise<boolean> {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return verifyPassword(user?.passwordHash, password);
}

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
        // The banner shows the generated password, and it is the admin's.
        const banner = firstStartLines(accounts!).join('\n');
        const generated = /admin@retouch\.test +(\S{12}) \(generated\)/.exec(banner)?.[1];
        expect(generated, banner).toBeDefined();
        expect(await logInWorks(database, 'admin@retouch.test', generated!)).toBe(true);
      } finally {
        await database.close();
      }
    },
    COLD_EMBEDDED_START_MS,
  );

  it(
    'says on the first start that a given admin password is used, and never prints it',
    async () => {
      const database = await openDatabase({});
      try {
        await database.migrate();
        const config = testConfig({ ADMIN_PASSWORD: 'given-admin-pass', DEMO_PASSWORD: 'given-demo-pass' });
        const accounts = await seedIfEmpty(database.db, config, await createStorage(config));
        const banner = firstStartLines(accounts!).join('\n');
        expect(banner).not.toContain('given-admin-pass');
        expect(banner).not.toContain('given-demo-pass');
        expect(banner).toMatch(/admin@retouch\.test +the password given in ADMIN_PASSWORD/);
        expect(banner).toMatch(/customer@retouch\.local +the password given in DEMO_PASSWORD/);
        expect(await logInWorks(database, 'admin@retouch.test', 'given-admin-pass')).toBe(true);
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
