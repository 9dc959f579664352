import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AuditAction, AuditTarget } from '@retouch/shared/audit';
import { RoleTitle } from '@retouch/shared/permissions';
import { roles, tokenLedger } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff, type StaffMember } from '../../../test/staff-fixtures';
import { recordAudit } from './audit.repository';

let t: TestApp;
let admin: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  [admin] = (await createStaff(t, RoleTitle.admin)) as [StaffMember];
});
afterAll(() => t.close());

describe('GET /api/admin/audit', () => {
  it('answers the entries newest first with who did it, and one target or one actor on asking', async () => {
    const target = { type: AuditTarget.user, id: crypto.randomUUID(), label: 'ann@example.com' };
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorId: admin.userId,
        action: AuditAction.balance,
        target,
        before: { main: 0, bonus: 20 },
        after: { main: 50, bonus: 20 },
      });
    });
    await recordAudit(t.db, {
      actorId: admin.userId,
      action: AuditAction.role,
      target,
      before: { role: 'User' },
      after: { role: 'Designer' },
    });

    const page = await admin.client.get(`/api/admin/audit?targetType=user&targetId=${target.id}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.entries).toMatchObject([
      {
        actor: { _id: admin.userId, email: admin.email },
        action: 'role',
        target: { type: 'user', _id: target.id, label: 'ann@example.com' },
        before: { role: 'User' },
        after: { role: 'Designer' },
      },
      { action: 'balance', before: { main: 0, bonus: 20 }, after: { main: 50, bonus: 20 } },
    ]);
    const byActor = await admin.client.get(`/api/admin/audit?actorId=${admin.userId}&limit=1`);
    expect(byActor.body).toMatchObject({ total: 2, entries: [{ action: 'role' }] });
  });

  it('refuses a bad query with 400 and a customer with 403', async () => {
    expect((await admin.client.get('/api/admin/audit?targetType=planet')).status).toBe(400);
    expect((await admin.client.get('/api/admin/audit?limit=1000')).status).toBe(400);
    const { client } = await signUpCustomer(t);
    expect((await client.get('/api/admin/audit')).status).toBe(403);
  });
});

describe('what staff do is written to the log with the change, in the same transaction', () => {
  it("an admin's balance edit and role change appear with before -> after; the ledger entry names the admin", async () => {
    const { user } = await signUpCustomer(t);
    const edited = await admin.client.patch(`/api/admin/user/change/info/${user._id}`, {
      balance: { main: 50, bonus: 20 },
    });
    expect(edited.status).toBe(200);
    const [designerRole] = await t.db.select().from(roles).where(eq(roles.title, RoleTitle.designer));
    const assigned = await admin.client.patch(`/api/admin/permissions/role/user/${user._id}`, {
      _id: designerRole!.id,
    });
    expect(assigned.status).toBe(200);

    const page = await admin.client.get(`/api/admin/audit?targetType=user&targetId=${user._id}`);
    expect(page.body.entries).toMatchObject([
      {
        action: 'role',
        actor: { email: admin.email },
        before: { role: 'User' },
        after: { role: 'Designer' },
      },
      {
        action: 'balance',
        target: { label: user.email },
        before: { main: 0, bonus: 20 },
        after: { main: 50, bonus: 20 },
      },
    ]);
    const [adjustment] = await t.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, user._id), eq(tokenLedger.reason, 'admin_adjustment')));
    expect(adjustment).toMatchObject({ deltaMain: 50, deltaBonus: 0, actorId: admin.userId });
  });

  it('a refused change writes nothing', async () => {
    const { user } = await signUpCustomer(t);
    const refused = await admin.client.patch(`/api/admin/permissions/role/user/${user._id}`, {
      _id: crypto.randomUUID(),
    });
    expect(refused.status).toBe(404);
    const page = await admin.client.get(`/api/admin/audit?targetType=user&targetId=${user._id}`);
    expect(page.body).toEqual({ entries: [], total: 0 });
  });

  it('roles and the overload setting are logged too', async () => {
    const created = await admin.client.post('/api/admin/permissions/role', {
      title: `Retoucher ${Date.now()}`,
    });
    expect(created.status).toBe(201);
    await admin.client.patch(`/api/admin/permissions/role/${created.body._id}`, {
      permissions: [{ sign: 0, status: true }],
    });
    expect((await admin.client.delete(`/api/admin/permissions/role/${created.body._id}`)).status).toBe(200);
    const roleLog = await admin.client.get(`/api/admin/audit?targetType=role&targetId=${created.body._id}`);
    expect(roleLog.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expect(roleLog.body.entries[1].after['Доступ к админ-панели']).toBe(true);
    expect(roleLog.body.entries[1].before['Доступ к админ-панели']).toBe(false);

    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    await admin.client.patch('/api/admin/system/settings/order/overload', { data: until });
    await admin.client.patch('/api/admin/system/settings/order/overload', { data: null });
    const settings = await admin.client.get('/api/admin/audit?targetType=setting');
    expect(settings.body.entries.slice(0, 2)).toMatchObject([
      { before: { data: until }, after: { data: null } },
      { after: { data: until } },
    ]);
  });
});
