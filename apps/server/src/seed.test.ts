import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { AdminGroup, AdminService, Degree, PublicGroup, RefusalReason } from '@retouch/shared/catalog';
import { degrees, refusalReasons, serviceGroups, users } from './db/schema/index';
import { firstStartLines, seedIfEmpty } from './seed';
import { createTestApp, type TestApp } from '../test/test-app';
import { testConfig } from '../test/test-config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { verifyPassword } from './lib/passwords';
import { createStorage } from './storage/create-storage';
import { COLD_EMBEDDED_START_MS } from '../test/limits';
import { adminClient, multipart } from '../test/catalog-fixtures';

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
      'Documents',
    ]);
    expect(catalog.every((group) => group.list.length > 0)).toBe(true);
    const reasons = (await t.client().get('/api/orders/reason')).body as unknown[];
    expect(reasons.length).toBeGreaterThanOrEqual(4);
    const [defaults] = await t.db.select({ n: count() }).from(degrees).where(eq(degrees.isDefault, true));
    expect(defaults?.n).toBe(1);
  });

  // Issue 36: the portfolio shows five services per view and loops; with four at most neither was seen.
  it('gives the portfolio a group of at least seven services and one of exactly one', async () => {
    const catalog = (await t.client().get('/api/services')).body as PublicGroup[];
    const sizes = catalog.map((group) => group.list.length);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(7);
    expect(sizes).toContain(1);
  });

  // Issue 36: the demo rows were made in one transaction, all with the same creation time, so a row the
  // admin saved moved to the end of its list (the lists are ordered by creation).
  it('keeps the demo degrees, reasons, groups and services in their order after an admin saves one', async () => {
    const admin = await adminClient(t);
    const ids = (list: Array<{ _id: string }>) => list.map((row) => row._id);

    const degreesBefore = (await admin.get('/api/admin/services/degree')).body as Degree[];
    const [degree] = degreesBefore;
    const degreesAfter = await admin.patch(`/api/admin/services/degree/${degree!._id}`, {
      title: { admin: `${degree!.title.admin}!`, user: degree!.title.user },
      default: degree!.default,
    });
    expect(ids(degreesAfter.body as Degree[])).toEqual(ids(degreesBefore));

    const reasonsBefore = (await t.client().get('/api/orders/reason')).body as RefusalReason[];
    const [reason] = reasonsBefore;
    await admin.patch(`/api/admin/orders/reason/${reason!._id}`, {
      title: { admin: `${reason!.title.admin}!`, user: reason!.title.user },
    });
    const reasonsAfter = (await t.client().get('/api/orders/reason')).body as RefusalReason[];
    expect(ids(reasonsAfter)).toEqual(ids(reasonsBefore));

    const groupsBefore = (await admin.get('/api/admin/services')).body as AdminGroup[];
    const [group] = groupsBefore;
    await admin.patch(`/api/admin/services/group/${group!._id}`, {
      title: { admin: `${group!.title.admin}!`, user: group!.title.user },
      status: group!.status,
    });
    const [service] = group!.list;
    await admin.patch(`/api/admin/services/list/${service!._id}`, multipart(serviceData(service!)));
    const groupsAfter = (await admin.get('/api/admin/services')).body as AdminGroup[];
    expect(ids(groupsAfter)).toEqual(ids(groupsBefore));
    expect(ids(groupsAfter[0]!.list)).toEqual(ids(group!.list));
  });

  // Databases seeded before made every demo row at one instant: a tie the lists must order the same way
  // after a save too.
  it('keeps rows made at the same instant in one order after an admin saves one', async () => {
    const admin = await adminClient(t);
    const ids = (list: Array<{ _id: string }>) => list.map((row) => row._id);
    const instant = new Date('2026-01-01T00:00:00.000Z');
    await t.db.update(degrees).set({ createdAt: instant });
    await t.db.update(refusalReasons).set({ createdAt: instant });
    await t.db.update(serviceGroups).set({ createdAt: instant });

    const degreesBefore = (await admin.get('/api/admin/services/degree')).body as Degree[];
    for (const degree of degreesBefore) {
      const answer = await admin.patch(`/api/admin/services/degree/${degree._id}`, {
        title: { admin: `${degree.title.admin}?`, user: degree.title.user },
        default: degree.default,
      });
      expect(ids(answer.body as Degree[])).toEqual(ids(degreesBefore));
    }

    const reasonsBefore = (await t.client().get('/api/orders/reason')).body as RefusalReason[];
    for (const reason of reasonsBefore) {
      await admin.patch(`/api/admin/orders/reason/${reason._id}`, {
        title: { admin: `${reason.title.admin}?`, user: reason.title.user },
      });
      const reasonsAfter = (await t.client().get('/api/orders/reason')).body as RefusalReason[];
      expect(ids(reasonsAfter)).toEqual(ids(reasonsBefore));
    }

    const groupsBefore = (await admin.get('/api/admin/services')).body as AdminGroup[];
    for (const group of groupsBefore) {
      await admin.patch(`/api/admin/services/group/${group._id}`, {
        title: { admin: `${group.title.admin}?`, user: group.title.user || group.title.admin },
        status: group.status,
      });
      const groupsAfter = (await admin.get('/api/admin/services')).body as AdminGroup[];
      expect(ids(groupsAfter)).toEqual(ids(groupsBefore));
    }
  });
});

/** A service's fields as its edit sends them back (PATCH /api/admin/services/list/{id}), status flipped. */
function serviceData(service: AdminService) {
  const { title, description, instruction, cost, designerPrice, executionTime, degreeAction } = service;
  const { embedInCanvas, allowMessage, allowAdditionalImage, multi, multiDegree } = service;
  return {
    ...{ title, description, instruction, cost, designerPrice, executionTime, degreeAction },
    ...{ embedInCanvas, allowMessage, allowAdditionalImage, multi, multiDegree },
    status: !service.status,
  };
}
