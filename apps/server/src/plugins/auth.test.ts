import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@retouch/shared/admin-users';
import { SESSION_TTL_DAYS } from '@retouch/shared/constants';
import { ALL_PERMISSION_SIGNS, PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import { AdminServerText } from '@retouch/shared/texts';
import { buildApp } from '../app';
import { createTestApp, createTestDatabase, type TestApp, type TestClient } from '../../test/test-app';
import { TEST_ADMIN, TEST_DEMO_PASSWORD, testConfig } from '../../test/test-config';
import { logIn, signUpCustomer } from '../../test/fixtures';
import { createStaff } from '../../test/staff-fixtures';
import { DEMO_EMAILS } from '../seed';

let t: TestApp;
beforeAll(async () => {
  // Sessions and permissions are kept far longer than the run: only invalidation can end them.
  t = await createTestApp({ ACCESS_CACHE_SECONDS: '3600' });
});
afterAll(() => t.close());

describe('the admin permission guard', () => {
  it('answers 401 to a visitor and 403 to a customer', async () => {
    const { client } = await signUpCustomer(t);
    expect(await t.client().get('/api/admin/users')).toMatchObject({
      status: 401,
      body: { message: AdminServerText.notAuthenticated },
    });
    expect(await client.get('/api/admin/users')).toMatchObject({
      status: 403,
      body: { message: AdminServerText.forbidden },
    });
  });

  // Customer side section 7: the customer site calls GET /api/admin/permissions/user, "list of {sign, status}".
  it("answers a customer's own permissions, the nine signs all off, and a visitor 401", async () => {
    const { client } = await signUpCustomer(t);
    expect(await client.get('/api/admin/permissions/user')).toMatchObject({
      status: 200,
      body: ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: false })),
    });
    expect(await t.client().get('/api/admin/permissions/user')).toMatchObject({
      status: 401,
      body: { message: AdminServerText.notAuthenticated },
    });
  });

  it('lists the nine signs with their status for each seeded role', async () => {
    const signsOn = async (email: string, password: string) => {
      const answer = await (await logIn(t, email, password)).get('/api/admin/permissions/user');
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(9);
      return (answer.body as Array<{ sign: number; status: boolean }>)
        .filter((p) => p.status)
        .map((p) => p.sign);
    };
    expect(await signsOn(TEST_ADMIN.email, TEST_ADMIN.password)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await signsOn(DEMO_EMAILS.designer, TEST_DEMO_PASSWORD)).toEqual([0, 5]);
    expect(await signsOn(DEMO_EMAILS.moderator, TEST_DEMO_PASSWORD)).toEqual([0, 5, 6]);
  });

  it('marks staff as admin in the login answer', async () => {
    const admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.get('/api/user/info')).body).toMatchObject({
      role: { title: 'Admin' },
      isAdmin: true,
    });
    expect((await admin.get('/api/auth/check')).body).toEqual({
      loggedIn: true,
      isAdmin: true,
      role: 'Admin',
    });
  });

  it('refuses to register an /api/admin route that declares no permission', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database });
    try {
      expect(() => app.get('/api/admin/forgotten', async () => ({}))).toThrow(/must declare the permission/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

/**
 * Each instance keeps sessions and permissions it read (plugins/auth.ts, ACCESS_CACHE_SECONDS); every
 * change must still take effect on the next request. Each case reads first, so that the old answer is kept.
 */
describe('sessions and permissions kept by the instance', () => {
  const ROLES = '/api/admin/permissions/role';
  let admin: TestClient;
  beforeAll(async () => {
    admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  const status = async (client: TestClient, path = '/api/user/info') => (await client.get(path)).status;
  const roleId = async (title: string) =>
    ((await admin.get(ROLES)).body as Role[]).find((role) => role.title === title)!._id;

  it('ends a session at logout and keeps the other sessions of the user', async () => {
    const { client, credentials } = await signUpCustomer(t);
    const phone = await logIn(t, credentials.email, credentials.password);
    const leftBehind = client.on(t.baseUrl); // the cookie as a thief who copied it holds it
    expect([await status(client), await status(phone), await status(leftBehind)]).toEqual([200, 200, 200]);

    expect((await client.post('/api/logout')).status).toBe(200);
    expect(await status(leftBehind)).toBe(401);
    expect(await status(leftBehind, '/api/auth/check')).toBe(401);
    expect(await status(phone)).toBe(200);
  });

  it('ends the other sessions when the password changes, by the user or by an admin', async () => {
    const { client, user, credentials } = await signUpCustomer(t);
    const other = await logIn(t, credentials.email, credentials.password);
    expect(await status(other)).toBe(200);
    await client.patch('/api/user/change/password', {
      oldPassword: credentials.password,
      password: 'new-secret',
    });
    expect(await status(other)).toBe(401);
    expect(await status(client)).toBe(200);

    expect(
      (await admin.patch(`/api/admin/user/change/info/${user._id}`, { password: 'admin-set-secret' })).status,
    ).toBe(200);
    expect(await status(client)).toBe(401);
  });

  it('ends every session of a deleted account', async () => {
    const { client, user } = await signUpCustomer(t);
    expect(await status(client)).toBe(200);
    expect((await admin.delete(`/api/admin/user/${user._id}`)).status).toBe(200);
    expect(await status(client)).toBe(401);
  });

  it('applies a new role, a role losing a sign and own switches on the next request', async () => {
    const [member] = await createStaff(t, RoleTitle.designer);
    const staff = member!.client;
    const staffRoute = '/api/admin/orders/';
    expect((await staff.get('/api/auth/check')).body).toMatchObject({ isAdmin: true, role: 'Designer' });
    expect(await status(staff, staffRoute)).toBe(403);

    // Own switches: lookOrders on.
    await admin.patch(`/api/admin/permissions/custom/user/${member!.userId}`, {
      permissions: [{ sign: PermissionSign.lookOrders, status: true }],
    });
    expect(await status(staff, staffRoute)).toBe(200);

    // A role of its own, renamed, then losing showAdmin.
    const role = (await admin.post(ROLES, { title: `Night ${String(Date.now()).slice(-6)}` })).body as Role;
    await admin.patch(`${ROLES}/${role._id}`, {
      permissions: [
        { sign: PermissionSign.showAdmin, status: true },
        { sign: PermissionSign.lookOrders, status: true },
      ],
    });
    await admin.patch(`${ROLES}/user/${member!.userId}`, { _id: role._id });
    expect((await staff.get('/api/auth/check')).body).toMatchObject({ isAdmin: true, role: role.title });
    expect(await status(staff, staffRoute)).toBe(200);
    // A holder with switches of their own holds the role custom (back office section 3) from the next
    // request on, whatever their role is renamed to.
    const [own] = await createStaff(t, RoleTitle.designer);
    await admin.patch(`${ROLES}/user/${own!.userId}`, { _id: role._id });
    expect((await own!.client.get('/api/auth/check')).body).toMatchObject({ role: role.title });
    await admin.patch(`/api/admin/permissions/custom/user/${own!.userId}`, {
      permissions: [{ sign: PermissionSign.lookUsers, status: true }],
    });
    expect((await own!.client.get('/api/auth/check')).body).toMatchObject({ role: RoleTitle.custom });
    expect((await admin.patch(`${ROLES}/${role._id}`, { title: `${role.title} renamed` })).status).toBe(200);
    expect((await staff.get('/api/auth/check')).body).toMatchObject({ role: `${role.title} renamed` });
    expect((await own!.client.get('/api/auth/check')).body).toMatchObject({ role: RoleTitle.custom });
    await admin.patch(`${ROLES}/${role._id}`, {
      permissions: [{ sign: PermissionSign.showAdmin, status: false }],
    });
    expect(await status(staff, staffRoute)).toBe(403);
    expect((await staff.get('/api/auth/check')).body).toMatchObject({ isAdmin: false });
    expect((await staff.get('/api/user/info')).body).toMatchObject({ isAdmin: false });

    // Back to the role User.
    await admin.patch(`${ROLES}/user/${member!.userId}`, { _id: await roleId(RoleTitle.user) });
    expect((await staff.get('/api/auth/check')).body).toMatchObject({ role: RoleTitle.user });
  });

  // Last in the file: it moves the clock past every session's expiry.
  it('still ends a kept session at its expiry', async () => {
    const { client } = await signUpCustomer(t);
    expect(await status(client)).toBe(200);
    t.clock.advance(SESSION_TTL_DAYS * 24 * 60 * 60 * 1000 + 1000);
    expect(await status(client)).toBe(401);
  });
});
