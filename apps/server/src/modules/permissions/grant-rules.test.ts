import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsersText, type Role } from '@retouch/shared/admin-users';
import {
  ALL_PERMISSION_SIGNS,
  PermissionSign,
  RoleTitle,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import { auditLog, users } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { logIn, signUpCustomer } from '../../../test/fixtures';
import { TEST_ADMIN } from '../../../test/test-config';
import { createStaff, type StaffMember } from '../../../test/staff-fixtures';

/**
 * Nobody grants what they do not hold (issue 35, item 2): a staff member with editUsers but not every
 * sign could reset the Admin's password, make themself Admin and set their own balance.
 */
let t: TestApp;
let admin: TestClient;
let adminId: string;
let adminRole: Role;
/** A staff member whose role holds only showAdmin, lookUsers and editUsers. */
let editor: StaffMember;
let editorsRole: Role;

const ROLES = '/api/admin/permissions/role';
const switches = (on: readonly PermissionSignValue[]) =>
  ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.includes(sign) }));
const EDITOR_SIGNS = [PermissionSign.showAdmin, PermissionSign.lookUsers, PermissionSign.editUsers];

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  adminId = (await admin.get('/api/user/info')).body._id;
  const roles = (await admin.get(ROLES)).body as Role[];
  adminRole = roles.find((role) => role.title === RoleTitle.admin)!;
  const title = `User editors ${randomUUID().slice(0, 6)}`;
  editorsRole = (await admin.post(ROLES, { title })).body as Role;
  expect(
    (await admin.patch(`${ROLES}/${editorsRole._id}`, { permissions: switches(EDITOR_SIGNS) })).status,
  ).toBe(200);
  editor = (await createStaff(t, title))[0]!;
});
afterAll(() => t.close());

const refused = (message: string) => ({ status: 403, body: { message } });

describe('a staff member with editUsers but not every sign', () => {
  it("may not change the Admin: the password stays, the Admin's sessions stay", async () => {
    const answer = await editor.client.patch(`/api/admin/user/change/info/${adminId}`, {
      password: 'taken-over-123',
    });
    expect(answer).toMatchObject(refused(AdminUsersText.adminOnlyByAdmin));
    expect((await admin.get('/api/user/info')).status).toBe(200);
    expect((await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password)).cookieHeader).toBeTruthy();
    expect(await editor.client.delete(`/api/admin/user/${adminId}`)).toMatchObject(
      refused(AdminUsersText.adminOnlyByAdmin),
    );
  });

  it('may not give themself or anyone the Admin role, or a role with signs they lack', async () => {
    const own = `${ROLES}/user/${editor.userId}`;
    expect(await editor.client.patch(own, { _id: adminRole._id })).toMatchObject(
      refused(AdminUsersText.notOnSelf),
    );
    const { user } = await signUpCustomer(t);
    expect(await editor.client.patch(`${ROLES}/user/${user._id}`, { _id: adminRole._id })).toMatchObject(
      refused(AdminUsersText.adminOnlyByAdmin),
    );
    const moderators = ((await admin.get(ROLES)).body as Role[]).find(
      (r) => r.title === RoleTitle.moderator,
    )!;
    expect(await editor.client.patch(`${ROLES}/user/${user._id}`, { _id: moderators._id })).toMatchObject(
      refused(AdminUsersText.cannotGrant),
    );
    // A role within their own signs is theirs to give.
    expect((await editor.client.patch(`${ROLES}/user/${user._id}`, { _id: editorsRole._id })).status).toBe(
      200,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, editor.userId));
    expect(row!.roleId).toBe(editorsRole._id);
  });

  it('may not switch on signs they lack, for anyone, or add them to a role', async () => {
    const { user } = await signUpCustomer(t);
    expect((await admin.patch(`${ROLES}/user/${user._id}`, { _id: editorsRole._id })).status).toBe(200);
    expect(
      await editor.client.patch(`/api/admin/permissions/custom/user/${user._id}`, {
        permissions: switches([...EDITOR_SIGNS, PermissionSign.editPayConfig]),
      }),
    ).toMatchObject(refused(AdminUsersText.cannotGrant));
    expect(
      await editor.client.patch(`/api/admin/permissions/custom/user/${editor.userId}`, {
        permissions: switches(ALL_PERMISSION_SIGNS),
      }),
    ).toMatchObject(refused(AdminUsersText.notOnSelf));
    expect(
      await editor.client.patch(`${ROLES}/${editorsRole._id}`, {
        permissions: [{ sign: PermissionSign.editServices, status: true }],
      }),
    ).toMatchObject(refused(AdminUsersText.cannotGrant));
  });

  it('may not change a user who holds a sign they lack', async () => {
    const [designer] = await createStaff(t);
    expect(
      await editor.client.patch(`/api/admin/user/change/info/${designer!.userId}`, {
        name: { giveName: 'Renamed', familyName: 'Designer' },
      }),
    ).toMatchObject(refused(AdminUsersText.beyondYourRights));
    expect(await editor.client.delete(`/api/admin/user/${designer!.userId}`)).toMatchObject(
      refused(AdminUsersText.beyondYourRights),
    );
  });

  it('may not set their own balance; a customer\u2019s balance they may, audited before and after', async () => {
    expect(
      await editor.client.patch(`/api/admin/user/change/info/${editor.userId}`, {
        balance: { main: 1_000_000, bonus: 0 },
      }),
    ).toMatchObject(refused(AdminUsersText.notOnSelf));
    const [own] = await t.db.select().from(users).where(eq(users.id, editor.userId));
    expect(own!.balanceMain).toBe(0);
    const { user } = await signUpCustomer(t);
    const changed = await editor.client.patch(`/api/admin/user/change/info/${user._id}`, {
      balance: { main: 7, bonus: 20 },
    });
    expect(changed.status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, editor.userId), eq(auditLog.targetId, user._id)));
    expect(entry).toMatchObject({ before: { main: 0, bonus: 20 }, after: { main: 7, bonus: 20 } });
  });
});

describe('the Admin', () => {
  it('may change another Admin and give any role, but not their own role or balance', async () => {
    const { user } = await signUpCustomer(t);
    expect((await admin.patch(`${ROLES}/user/${user._id}`, { _id: adminRole._id })).status).toBe(200);
    expect(
      (
        await admin.patch(`/api/admin/user/change/info/${user._id}`, {
          name: { giveName: 'Second', familyName: 'Admin' },
        })
      ).status,
    ).toBe(200);
    expect(
      await admin.patch(`/api/admin/user/change/info/${adminId}`, { balance: { main: 5, bonus: 0 } }),
    ).toMatchObject(refused(AdminUsersText.notOnSelf));
  });
});
