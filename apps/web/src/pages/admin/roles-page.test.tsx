import { AdminUsersText, type Role } from '@retouch/shared/admin-users';
import { ALL_PERMISSION_SIGNS, PERMISSION_DESCRIPTIONS, PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleRowLabel, RolesText } from '@/features/roles/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const role = (_id: string, title: string, on: readonly number[], isProtected = false): Role => ({
  _id,
  title,
  protected: isProtected,
  permissions: ALL_PERMISSION_SIGNS.map((sign) => ({
    _id: String(sign),
    sign,
    status: on.includes(sign),
    description: PERMISSION_DESCRIPTIONS[sign],
  })),
});
const adminRole = role('r-admin', 'Admin', ALL_PERMISSION_SIGNS, true);
const userRole = role('r-user', 'User', [], true);
const designerRole = role('r-designer', 'Designer', [0, 5]);

function openRoles(answers: Parameters<typeof mockFetch>[0] = {}) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': {
      body: [PermissionSign.showAdmin, PermissionSign.editUsers].map((sign) => ({ sign, status: true })),
    },
    'GET /api/admin/permissions/role': { body: [adminRole, userRole, designerRole] },
    ...answers,
  });
  return { ...renderApp('/admin/roles'), ...api };
}

const dialog = () => within(screen.getByRole('dialog'));

// The routes load these lazily; loading them once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/roles-page');
});

describe('/admin/roles', () => {
  // Issue 36: at 1440 px the permissions pushed these buttons out of the table's view.
  it("keeps every role's edit and delete buttons in view: their column is pinned to the table's right edge", async () => {
    openRoles();
    await screen.findByText('Designer');
    for (const name of [RoleRowLabel.edit(designerRole), RoleRowLabel.delete(designerRole)]) {
      expect(screen.getByRole('button', { name }).closest('td')).toHaveClass('ant-table-cell-fix-end');
    }
  });

  it('lists the roles with their granted permissions; Admin and User cannot be edited or deleted', async () => {
    openRoles();
    expect(await screen.findByText('Designer')).toBeInTheDocument();
    const designerRow = within(screen.getByText('Designer').closest('tr')!);
    expect(designerRow.getByText(PERMISSION_DESCRIPTIONS[0])).toBeInTheDocument();
    expect(designerRow.getByText(PERMISSION_DESCRIPTIONS[5])).toBeInTheDocument();
    expect(designerRow.queryByText(PERMISSION_DESCRIPTIONS[3])).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: RoleRowLabel.edit(designerRole) })).toBeEnabled();
    for (const locked of [adminRole, userRole]) {
      expect(screen.getByRole('button', { name: RoleRowLabel.edit(locked) })).toBeDisabled();
      expect(screen.getByRole('button', { name: RoleRowLabel.delete(locked) })).toBeDisabled();
    }
  });

  it('checks the role name with the three texts of the specification, then creates the role', async () => {
    const created = role('r-new', 'Ретушёр', []);
    const { user, callsTo } = openRoles({
      'POST /api/admin/permissions/role': { status: 201, body: created },
    });
    await screen.findByText('Designer');
    const name = screen.getByLabelText(RolesText.roleName);
    const create = screen.getByRole('button', { name: RolesText.createRole });

    await user.type(name, '   ');
    await user.click(create);
    expect(await screen.findByText(AdminUsersText.roleTitleEmpty)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Р');
    await user.click(create);
    expect(await screen.findByText(AdminUsersText.roleTitleTooShort)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Р'.repeat(32));
    await user.click(create);
    expect(await screen.findByText(AdminUsersText.roleTitleTooLong)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/permissions/role')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '  Ретушёр ');
    await user.click(create);
    // Back office section 8 has no text of its own for a new role: its generic 'Добавлено'.
    expect(await screen.findByText('Добавлено')).toBeInTheDocument();
    expect(screen.queryByText('Роль успешно создана')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/permissions/role')[0]?.body).toEqual({ title: 'Ретушёр' });
    expect(await screen.findByRole('button', { name: RoleRowLabel.edit(created) })).toBeInTheDocument();
  });

  it("edits a role's nine switches and sends them all", async () => {
    const saved = role('r-designer', 'Designer', [0, 4, 5]);
    const { user, callsTo } = openRoles({
      'PATCH /api/admin/permissions/role/r-designer': {
        body: { message: AdminUsersText.roleChanged, role: saved },
      },
    });
    await user.click(await screen.findByRole('button', { name: RoleRowLabel.edit(designerRole) }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(dialog().getAllByRole('switch')).toHaveLength(9);
    expect(dialog().getByRole('switch', { name: PERMISSION_DESCRIPTIONS[5] })).toBeChecked();
    await user.click(dialog().getByRole('switch', { name: PERMISSION_DESCRIPTIONS[4] }));
    await user.click(dialog().getByRole('button', { name: RolesText.save }));

    expect(await screen.findByText(AdminUsersText.roleChanged)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/permissions/role/r-designer')[0]?.body).toEqual({
      permissions: ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: [0, 4, 5].includes(sign) })),
    });
    const designerRow = within((await screen.findByText('Designer')).closest('tr')!);
    expect(designerRow.getByText(PERMISSION_DESCRIPTIONS[4])).toBeInTheDocument();
  });

  it("shows the server's refusal titled Ошибка", async () => {
    const { user } = openRoles({
      'PATCH /api/admin/permissions/role/r-designer': {
        status: 409,
        body: { message: AdminUsersText.cannotLockOutSelf },
      },
    });
    await user.click(await screen.findByRole('button', { name: RoleRowLabel.edit(designerRole) }));
    await user.click(dialog().getByRole('button', { name: RolesText.save }));
    expect(await screen.findByText(AdminUsersText.cannotLockOutSelf)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before deleting, then deletes; a refusal is shown titled Ошибка', async () => {
    const qa = role('r-qa', 'QA', [0]);
    const { user, callsTo } = openRoles({
      'GET /api/admin/permissions/role': { body: [adminRole, userRole, designerRole, qa] },
      'DELETE /api/admin/permissions/role/r-qa': { body: { message: AdminUsersText.roleDeleted } },
      'DELETE /api/admin/permissions/role/r-designer': {
        status: 409,
        body: { message: AdminUsersText.roleInUse },
      },
    });
    await user.click(await screen.findByRole('button', { name: RoleRowLabel.delete(qa) }));
    expect(await screen.findByText(RolesText.deleteConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/permissions/role/r-qa')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: RolesText.delete }));
    expect(await screen.findByText(AdminUsersText.roleDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('QA')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: RoleRowLabel.delete(designerRole) }));
    const confirms = await screen.findAllByRole('button', { name: RolesText.delete });
    await user.click(confirms.at(-1)!);
    expect(await screen.findByText(AdminUsersText.roleInUse)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByText('Designer')).toBeInTheDocument();
  });
});
