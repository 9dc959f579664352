import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsersText, type Role, type UserPermissions } from '@retouch/shared/admin-users';
import {
  ALL_PERMISSION_SIGNS,
  PERMISSION_DESCRIPTIONS,
  PermissionSign,
  RoleTitle,
  type PermissionEntry,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { logIn, signUpCustomer } from '../../../test/fixtures';
import { TEST_ADMIN } from '../../../test/test-config';
import { collectEvents, connectedSocket, createStaff, nextEvent } from '../../../test/staff-fixtures';
import { insertRole } from './permissions.repository';
import { waitForState } from '../../../test/limits';

let t: TestApp;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  adminId = (await admin.get('/api/user/info')).body._id;
});
afterAll(() => t.close());

const ROLES = '/api/admin/permissions/role';
let counter = 0;
const uniqueTitle = (prefix = 'Role') => `${prefix}-${(counter += 1)}${randomUUID().slice(0, 4)}`;

async function newRole(title = uniqueTitle()): Promise<Role> {
  const answer = await admin.post(ROLES, { title });
  if (answer.status !== 201) throw new Error(`role not created: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function roleByTitle(title: string): Promise<Role> {
  const role = ((await admin.get(ROLES)).body as Role[]).find((r) => r.title === title);
  if (!role) throw new Error(`no role ${title}`);
  return role;
}

const signsOn = (permissions: readonly PermissionEntry[]) =>
  permissions.filter((p) => p.status).map((p) => p.sign);
const switches = (on: readonly PermissionSignValue[]) =>
  ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.includes(sign) }));

describe('roles', () => {
  it('lists the roles with their nine permissions and readable names, Admin and User protected', async () => {
    const answer = await admin.get(ROLES);
    expect(answer.status).toBe(200);
    const roles = answer.body as Role[];
    expect(roles.slice(0, 2).map((r) => [r.title, r.protected])).toEqual(
      expect.arrayContaining([
        [RoleTitle.admin, true],
        [RoleTitle.user, true],
      ]),
    );
    const designer = roles.find((r) => r.title === RoleTitle.designer)!;
    expect(designer.protected).toBe(false);
    // Back office section 3: "Role: _id, title, permissions[{_id, status, description}]", the sign beside.
    expect(designer.permissions).toEqual(
      ALL_PERMISSION_SIGNS.map((sign) => ({
        _id: String(sign),
        sign,
        status: sign === PermissionSign.showAdmin || sign === PermissionSign.cabinetDesigner,
        description: PERMISSION_DESCRIPTIONS[sign],
      })),
    );
    expect(designer.permissions[3]!.description).toBe('Редактирование пользователей');
  });

  it('creates a role with a trimmed name and every sign off, and reads it back', async () => {
    const title = uniqueTitle('Retoucher');
    const created = await admin.post(ROLES, { title: `  ${title}  ` });
    expect(created).toMatchObject({ status: 201, body: { title, protected: false } });
    expect(signsOn(created.body.permissions)).toEqual([]);
    expect(created.body.permissions).toHaveLength(9);
    expect((await admin.get(`${ROLES}/${created.body._id}`)).body).toEqual(created.body);
    expect((await admin.get(`${ROLES}/${randomUUID()}`)).status).toBe(404);
  });

  it('refuses empty, short, long and taken names with their texts', async () => {
    const post = (title: unknown) => admin.post(ROLES, { title });
    expect(await post('   ')).toMatchObject({
      status: 400,
      body: { message: AdminUsersText.roleTitleEmpty },
    });
    expect(await post('A')).toMatchObject({
      status: 400,
      body: { message: AdminUsersText.roleTitleTooShort },
    });
    expect(await post('x'.repeat(32))).toMatchObject({
      status: 400,
      body: { message: AdminUsersText.roleTitleTooLong },
    });
    expect((await post('x'.repeat(31))).status).toBe(201);
    expect((await post('Ab')).status).toBe(201);
    expect(await post('ab')).toMatchObject({ status: 409, body: { message: AdminUsersText.roleTitleTaken } });
    expect(await post('admin')).toMatchObject({
      status: 409,
      body: { message: AdminUsersText.roleTitleTaken },
    });
    // The name of the per-user set (back office section 3) is no role's to take.
    expect(await post('Custom')).toMatchObject({
      status: 409,
      body: { message: AdminUsersText.roleTitleTaken },
    });
    expect(await admin.patch(`${ROLES}/${(await newRole())._id}`, { title: 'custom' })).toMatchObject({
      status: 409,
      body: { message: AdminUsersText.roleTitleTaken },
    });
  });

  it('edits some permissions of a role, keeping the others, and renames it', async () => {
    const role = await newRole();
    const title = uniqueTitle('Renamed');
    const answer = await admin.patch(`${ROLES}/${role._id}`, {
      title,
      permissions: [
        { sign: PermissionSign.showAdmin, status: true },
        { sign: PermissionSign.lookOrders, status: true },
      ],
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: AdminUsersText.roleChanged, role: { title } },
    });
    expect(signsOn(answer.body.role.permissions)).toEqual([0, 4]);
    const second = await admin.patch(`${ROLES}/${role._id}`, {
      permissions: [{ sign: PermissionSign.showAdmin, status: false }],
    });
    expect(signsOn(second.body.role.permissions)).toEqual([4]);

    expect(
      (await admin.patch(`${ROLES}/${role._id}`, { permissions: [{ sign: 9, status: true }] })).status,
    ).toBe(400);
    expect(
      (
        await admin.patch(`${ROLES}/${role._id}`, {
          permissions: [
            { sign: 1, status: true },
            { sign: 1, status: false },
          ],
        })
      ).status,
    ).toBe(400);
    expect(await admin.patch(`${ROLES}/${role._id}`, { title: RoleTitle.designer })).toMatchObject({
      status: 409,
      body: { message: AdminUsersText.roleTitleTaken },
    });
    expect((await admin.patch(`${ROLES}/${randomUUID()}`, { title: 'Whatever' })).status).toBe(404);
  });

  it('never edits or deletes Admin and User', async () => {
    for (const title of [RoleTitle.admin, RoleTitle.user]) {
      const role = await roleByTitle(title);
      expect(
        await admin.patch(`${ROLES}/${role._id}`, {
          permissions: [{ sign: 8, status: !role.permissions[8]!.status }],
        }),
      ).toMatchObject({ status: 403, body: { message: AdminUsersText.roleProtected } });
      expect(await admin.patch(`${ROLES}/${role._id}`, { title: 'Boss' })).toMatchObject({ status: 403 });
      expect(await admin.delete(`${ROLES}/${role._id}`)).toMatchObject({
        status: 403,
        body: { message: AdminUsersText.roleProtected },
      });
      expect(await roleByTitle(title)).toEqual(role);
    }
  });

  it('deletes a role nobody holds, and refuses while a live user holds it', async () => {
    const role = await newRole();
    const holder = await createStaffOf(role);
    expect(await admin.delete(`${ROLES}/${role._id}`)).toMatchObject({
      status: 409,
      body: { message: AdminUsersText.roleInUse },
    });

    // A deleted account does not keep the role alive; it is moved to User.
    await admin.delete(`/api/admin/user/${holder.userId}`);
    expect(await admin.delete(`${ROLES}/${role._id}`)).toMatchObject({
      status: 200,
      body: { message: AdminUsersText.roleDeleted },
    });
    expect((await admin.get(`${ROLES}/${role._id}`)).status).toBe(404);
    expect((await admin.delete(`${ROLES}/${role._id}`)).status).toBe(404);
    const [deleted] = await t.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, holder.userId));
    expect(deleted?.roleId).toBe((await roleByTitle(RoleTitle.user))._id);
  });
});

describe("a user's permissions", () => {
  it("reads a user's nine signs, custom flag and role", async () => {
    const [designer] = await createStaff(t, RoleTitle.designer);
    const answer = await admin.get(`/api/admin/permissions/user/${designer!.userId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      permissions: switches([0, 5]),
      custom: false,
      role: { _id: (await roleByTitle(RoleTitle.designer))._id, title: RoleTitle.designer },
    } satisfies UserPermissions);
    expect((await admin.get(`/api/admin/permissions/user/${randomUUID()}`)).status).toBe(404);
  });

  it("applies a role's new permissions on its holder's very next request and tells them", async () => {
    const role = await newRole();
    await admin.patch(`${ROLES}/${role._id}`, {
      permissions: [{ sign: PermissionSign.showAdmin, status: true }],
    });
    const member = await createStaffOf(role);
    const socket = await connectedSocket(t, member.client);
    expect((await member.client.get('/api/admin/users')).status).toBe(403);

    const told = nextEvent(socket, SocketEvent.permissionsChanged);
    await admin.patch(`${ROLES}/${role._id}`, {
      permissions: [{ sign: PermissionSign.lookUsers, status: true }],
    });
    await told;
    expect((await member.client.get('/api/admin/users')).status).toBe(200);
    expect(signsOn((await member.client.get('/api/admin/permissions/user')).body)).toEqual([0, 2]);

    await admin.patch(`${ROLES}/${role._id}`, {
      permissions: [{ sign: PermissionSign.lookUsers, status: false }],
    });
    expect((await member.client.get('/api/admin/users')).status).toBe(403);
  });

  it('assigns a role, ending custom switches, effective at once and told to the user', async () => {
    const [member] = await createStaff(t, RoleTitle.designer);
    const socket = await connectedSocket(t, member!.client);
    const lookAtUsers = () => member!.client.get('/api/admin/users');
    expect((await lookAtUsers()).status).toBe(403);

    const viewers = await newRole();
    await admin.patch(`${ROLES}/${viewers._id}`, {
      permissions: [
        { sign: PermissionSign.showAdmin, status: true },
        { sign: PermissionSign.lookUsers, status: true },
      ],
    });
    const told = nextEvent(socket, SocketEvent.permissionsChanged);
    const answer = await admin.patch(`${ROLES}/user/${member!.userId}`, { _id: viewers._id });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: AdminUsersText.roleChanged,
        permissions: { custom: false, role: { _id: viewers._id, title: viewers.title } },
      },
    });
    expect(signsOn(answer.body.permissions.permissions)).toEqual([0, 2]);
    await told;
    expect((await lookAtUsers()).status).toBe(200);

    expect((await admin.patch(`${ROLES}/user/${member!.userId}`, { _id: randomUUID() })).status).toBe(404);
    expect((await admin.patch(`${ROLES}/user/${randomUUID()}`, { _id: viewers._id })).status).toBe(404);
    expect((await admin.patch(`${ROLES}/user/${member!.userId}`, { _id: 'nope' })).status).toBe(400);
  });

  it("turns a staff member's own switches on over their current permissions, at once and told", async () => {
    const [member] = await createStaff(t, RoleTitle.designer);
    const socket = await connectedSocket(t, member!.client);
    const events = collectEvents(socket, SocketEvent.permissionsChanged);
    expect((await member!.client.get('/api/admin/users')).status).toBe(403);

    const told = nextEvent(socket, SocketEvent.permissionsChanged);
    const answer = await admin.patch(`/api/admin/permissions/custom/user/${member!.userId}`, {
      permissions: [
        { sign: PermissionSign.lookUsers, status: true },
        { sign: PermissionSign.cabinetDesigner, status: false },
      ],
    });
    expect(answer).toMatchObject({
      status: 200,
      // Back office section 8: the specification's own text for a change of a role's switches.
      body: { message: 'Роль успешно изменена', permissions: { custom: true } },
    });
    expect(signsOn(answer.body.permissions.permissions)).toEqual([0, 2]);
    await told;
    expect((await member!.client.get('/api/admin/users')).status).toBe(200);
    // Back office section 3: "A user may hold the role custom with per-user permission switches"; the
    // role they return to keeps its id.
    const designers = await roleByTitle(RoleTitle.designer);
    const listed = await admin.get(`/api/admin/users?searchByEmail=${encodeURIComponent(member!.email)}`);
    expect(listed.body.users[0]).toMatchObject({
      customPermissions: true,
      role: { _id: designers._id, title: RoleTitle.custom },
    });
    expect(answer.body.permissions.role).toEqual({ _id: designers._id, title: RoleTitle.custom });
    expect((await member!.client.get('/api/user/info')).body.role).toEqual({ title: RoleTitle.custom });
    expect((await member!.client.get('/api/auth/check')).body).toMatchObject({ role: RoleTitle.custom });

    // The role's own changes no longer reach a user with their own switches.
    const countBefore = events.length;
    await admin.patch(`${ROLES}/${designers._id}`, {
      permissions: [{ sign: PermissionSign.editSite, status: false }],
    });
    expect(events.length).toBe(countBefore);

    // Assigning a role ends the switches.
    await admin.patch(`${ROLES}/user/${member!.userId}`, { _id: designers._id });
    expect((await member!.client.get('/api/admin/users')).status).toBe(403);
    expect((await admin.get(`/api/admin/permissions/user/${member!.userId}`)).body).toMatchObject({
      custom: false,
      role: { _id: designers._id, title: RoleTitle.designer },
    });
    expect((await member!.client.get('/api/user/info')).body.role).toEqual({ title: RoleTitle.designer });
  });

  it('moves the open sockets in and out of the staff room as showAdmin comes and goes', async () => {
    const { client, user } = await signUpCustomer(t);
    const socket = await connectedSocket(t, client);
    const staffRoomHolds = async () =>
      (await t.app.io.in(SocketRoom.staff).fetchSockets()).some((s) => s.data.userId === user._id);
    expect(await staffRoomHolds()).toBe(false);

    const designers = await roleByTitle(RoleTitle.designer);
    await admin.patch(`${ROLES}/user/${user._id}`, { _id: designers._id });
    await waitForState(async () => expect(await staffRoomHolds()).toBe(true));
    const broadcast = nextEvent(socket, SocketEvent.info);
    t.app.io.to(SocketRoom.staff).emit(SocketEvent.info, { message: 'staff only' });
    expect(await broadcast).toEqual({ message: 'staff only' });

    await admin.patch(`/api/admin/permissions/custom/user/${user._id}`, {
      permissions: [{ sign: PermissionSign.showAdmin, status: false }],
    });
    await waitForState(async () => expect(await staffRoomHolds()).toBe(false));
    const notices = collectEvents(socket, SocketEvent.info);
    t.app.io.to(SocketRoom.staff).emit(SocketEvent.info, { message: 'staff only' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notices).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('gives custom switches to staff only', async () => {
    const { user } = await signUpCustomer(t);
    expect(
      await admin.patch(`/api/admin/permissions/custom/user/${user._id}`, { permissions: switches([0, 2]) }),
    ).toMatchObject({ status: 409, body: { message: AdminUsersText.customOnlyForStaff } });
  });
});

describe('lock-out protection', () => {
  it('refuses to take showAdmin or editUsers from the acting admin, and any change of their own access', async () => {
    // The acting admin holds a second admin-like role (the Admin role itself is protected); nobody gives
    // themself a role through the product (issue 35), so it is set here.
    const managers = await newRole();
    await admin.patch(`${ROLES}/${managers._id}`, { permissions: switches(ALL_PERMISSION_SIGNS) });
    const admins = await roleByTitle(RoleTitle.admin);
    await t.db.update(users).set({ roleId: managers._id }).where(eq(users.id, adminId));
    try {
      expect(
        await admin.patch(`${ROLES}/${managers._id}`, {
          permissions: [{ sign: PermissionSign.editUsers, status: false }],
        }),
      ).toMatchObject({ status: 409, body: { message: AdminUsersText.cannotLockOutSelf } });
      expect(
        await admin.patch(`/api/admin/permissions/custom/user/${adminId}`, {
          permissions: [{ sign: PermissionSign.showAdmin, status: false }],
        }),
      ).toMatchObject({ status: 403, body: { message: AdminUsersText.notOnSelf } });
      const designers = await roleByTitle(RoleTitle.designer);
      for (const role of [designers, admins]) {
        expect(await admin.patch(`${ROLES}/user/${adminId}`, { _id: role._id })).toMatchObject({
          status: 403,
          body: { message: AdminUsersText.notOnSelf },
        });
      }
      // Other switches of the role they hold are fine.
      expect(
        (
          await admin.patch(`${ROLES}/${managers._id}`, {
            permissions: [{ sign: PermissionSign.editSite, status: false }],
          })
        ).status,
      ).toBe(200);
    } finally {
      await t.db.update(users).set({ roleId: admins._id }).where(eq(users.id, adminId));
    }
  });
});

describe('who may call', () => {
  it('answers 401 to visitors, 403 to customers and to staff without editUsers on every route', async () => {
    const role = await newRole();
    const { client: customer, user } = await signUpCustomer(t);
    await insertRole(t.db, 'Looker', [PermissionSign.showAdmin, PermissionSign.lookUsers], false);
    const looker = (await createStaff(t, 'Looker'))[0]!.client;
    const calls: Array<[string, string, unknown]> = [
      ['GET', ROLES, undefined],
      ['POST', ROLES, { title: 'Sneaky' }],
      ['GET', `${ROLES}/${role._id}`, undefined],
      ['PATCH', `${ROLES}/${role._id}`, { permissions: switches(ALL_PERMISSION_SIGNS) }],
      ['DELETE', `${ROLES}/${role._id}`, undefined],
      ['PATCH', `${ROLES}/user/${user._id}`, { _id: role._id }],
      ['PATCH', `/api/admin/permissions/custom/user/${user._id}`, { permissions: switches([0, 3]) }],
      ['GET', `/api/admin/permissions/user/${user._id}`, undefined],
    ];
    const designer = (await createStaff(t, RoleTitle.designer))[0]!.client;
    for (const [method, path, body] of calls) {
      const name = `${method} ${path}`;
      expect((await t.client().request(method, path, body)).status, name).toBe(401);
      expect((await customer.request(method, path, body)).status, name).toBe(403);
      expect((await designer.request(method, path, body)).status, name).toBe(403);
      expect((await looker.request(method, path, body)).status, name).toBe(403);
    }
    expect(signsOn((await admin.get(`${ROLES}/${role._id}`)).body.permissions)).toEqual([]);
  });
});

async function createStaffOf(role: Role) {
  const [member] = await createStaff(t, role.title);
  return member!;
}
