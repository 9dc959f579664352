import { AdminUsersText, type AdminUser, type Role, type UserPermissions } from '@retouch/shared/admin-users';
import { AuditText, type AuditEntry } from '@retouch/shared/audit';
import { ALL_PERMISSION_SIGNS, PERMISSION_DESCRIPTIONS, PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserManagementText, UserRowLabel } from '@/features/user-management/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const designerRole = { _id: 'role-designer', title: 'Designer' };
const olga: AdminUser = {
  _id: 'u-olga',
  email: 'olga@example.com',
  name: { giveName: 'Olga', familyName: 'Ivanova' },
  balance: { main: 0, bonus: 20 },
  role: { _id: 'role-user', title: 'User' },
  customPermissions: false,
  createdAt: '2026-03-05T10:00:00.000Z',
};
const dan: AdminUser = {
  ...olga,
  _id: 'u-dan',
  email: 'dan@example.com',
  name: { giveName: 'Dan', familyName: 'Brown' },
  role: designerRole,
  createdAt: '2026-02-01T10:00:00.000Z',
};
const signs = (on: readonly number[]) =>
  ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.includes(sign) }));
const role = (r: { _id: string; title: string }, on: number[], isProtected = false): Role => ({
  ...r,
  protected: isProtected,
  permissions: ALL_PERMISSION_SIGNS.map((sign) => ({
    _id: String(sign),
    sign,
    status: on.includes(sign),
    description: PERMISSION_DESCRIPTIONS[sign],
  })),
});

const EDITOR_SIGNS = [PermissionSign.showAdmin, PermissionSign.lookUsers, PermissionSign.editUsers];

function openUsers(answers: Parameters<typeof mockFetch>[0] = {}, own: number[] = EDITOR_SIGNS) {
  setSessionFlags({ isAdmin: true });
  const server = { own };
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': () => ({ body: signs(server.own) }),
    'GET /api/admin/users': { body: { users: [olga, dan], total: 2 } },
    ...answers,
  });
  return { ...renderApp('/admin/user-management'), ...api, server };
}

const query = (call: RecordedCall | undefined) =>
  Object.fromEntries(new URL(call!.url, 'http://x').searchParams);
const dialog = () => within(screen.getByRole('dialog'));

// The routes load these lazily; loading them once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/user-management-page');
});

describe('/admin/user-management', () => {
  it('loads the first page of 20 ordinary users, newest first, and shows them', async () => {
    const { callsTo } = openUsers();
    expect(await screen.findByText(olga.email)).toBeInTheDocument();
    expect(screen.getByText('Olga Ivanova')).toBeInTheDocument();
    expect(screen.getAllByText('0 / 20')).toHaveLength(2);
    expect(
      screen.getByText(new Date(olga.createdAt).toLocaleDateString('ru-RU'), { selector: 'td' }),
    ).toBeTruthy();
    expect(query(callsTo('GET', '/api/admin/users')[0])).toEqual({
      limit: '20',
      page: '1',
      date: 'DESC',
      onlyAdmin: 'false',
    });
  });

  it('searches by e-mail, switches to administrators, and pages on the server', async () => {
    const { user, callsTo } = openUsers({
      'GET /api/admin/users': { body: { users: [olga, dan], total: 45 } },
    });
    await screen.findByText(olga.email);
    await user.type(
      screen.getByRole('searchbox', { name: UserManagementText.searchPlaceholder }),
      'OLGA{Enter}',
    );
    await waitFor(() =>
      expect(query(callsTo('GET', '/api/admin/users').at(-1))).toMatchObject({ searchByEmail: 'OLGA' }),
    );

    await user.click(screen.getByText(UserManagementText.administrators));
    await waitFor(() =>
      expect(query(callsTo('GET', '/api/admin/users').at(-1))).toMatchObject({
        onlyAdmin: 'true',
        page: '1',
      }),
    );

    await user.click(await screen.findByTitle('2'));
    await waitFor(() =>
      expect(query(callsTo('GET', '/api/admin/users').at(-1))).toMatchObject({
        page: '2',
        limit: '20',
        onlyAdmin: 'true',
        searchByEmail: 'OLGA',
      }),
    );
  });

  it('offers the CSV export of the users the search, the switch and the sort keep', async () => {
    const { user, callsTo } = openUsers();
    await screen.findByText(olga.email);
    const exportLink = () => screen.getByRole('link', { name: UserManagementText.exportCsv });
    const exportQuery = () => {
      const url = new URL(exportLink().getAttribute('href')!, 'http://x');
      return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    };
    expect(exportQuery()).toEqual({
      path: '/api/admin/users/export',
      query: { date: 'DESC', onlyAdmin: 'false' },
    });

    await user.type(
      screen.getByRole('searchbox', { name: UserManagementText.searchPlaceholder }),
      'OLGA{Enter}',
    );
    await user.click(screen.getByText(UserManagementText.administrators));
    await user.click(screen.getByRole('columnheader', { name: new RegExp(UserManagementText.createdAt) }));
    await waitFor(() =>
      expect(query(callsTo('GET', '/api/admin/users').at(-1))).toMatchObject({
        date: 'ASC',
        onlyAdmin: 'true',
      }),
    );
    // Every user they keep: no page or page size.
    expect(exportQuery()).toEqual({
      path: '/api/admin/users/export',
      query: { date: 'ASC', onlyAdmin: 'true', searchByEmail: 'OLGA' },
    });
  });

  it('offers the export to a viewer without editUsers too (lookUsers is what it needs)', async () => {
    openUsers({}, [PermissionSign.showAdmin, PermissionSign.lookUsers]);
    await screen.findByText(olga.email);
    expect(screen.getByRole('link', { name: UserManagementText.exportCsv })).toHaveAttribute(
      'href',
      '/api/admin/users/export?date=DESC&onlyAdmin=false',
    );
  });

  it('offers page sizes 5, 10 and 20', async () => {
    const { user, callsTo } = openUsers({ 'GET /api/admin/users': { body: { users: [olga], total: 45 } } });
    await screen.findByText(olga.email);
    const sizeChanger = document.querySelector<HTMLElement>('.ant-pagination-options')!;
    await user.click(within(sizeChanger).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => Number.parseInt(option.textContent ?? '', 10))).toEqual([5, 10, 20]);
    await user.click(screen.getByText(/^5 \//, { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(query(callsTo('GET', '/api/admin/users').at(-1))).toMatchObject({ limit: '5', page: '1' }),
    );
  });

  it('adds a user only when every field is filled and the passwords match', async () => {
    const created = { ...olga, _id: 'u-new', email: 'new@example.com' };
    const { user, callsTo } = openUsers({
      'POST /api/admin/user/registration': {
        status: 201,
        body: { message: AdminUsersText.userCreated, user: created },
      },
    });
    await user.click(await screen.findByRole('button', { name: UserManagementText.addUser }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(dialog().getByRole('button', { name: UserManagementText.add }));
    expect(await dialog().findByText(AdminUsersText.fieldsNotFilled)).toBeInTheDocument();

    await user.type(dialog().getByLabelText(UserManagementText.email), 'new@example.com');
    await user.type(dialog().getByLabelText(UserManagementText.giveName), 'Nina');
    await user.type(dialog().getByLabelText(UserManagementText.familyName), 'Orlova');
    await user.type(dialog().getByLabelText(UserManagementText.password), 'secret-1');
    await user.click(dialog().getByRole('button', { name: UserManagementText.add }));
    expect(await dialog().findByText(AdminUsersText.fieldsNotFilled)).toBeInTheDocument();

    await user.type(dialog().getByLabelText(UserManagementText.repeatPassword), 'secret-2');
    await user.click(dialog().getByRole('button', { name: UserManagementText.add }));
    expect(await dialog().findByText(AdminUsersText.passwordsDontMatch)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/user/registration')).toHaveLength(0);

    await user.clear(dialog().getByLabelText(UserManagementText.repeatPassword));
    await user.type(dialog().getByLabelText(UserManagementText.repeatPassword), 'secret-1');
    await user.click(dialog().getByRole('button', { name: UserManagementText.add }));
    expect(await screen.findByText(AdminUsersText.userCreated)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/user/registration')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'secret-1',
      name: { giveName: 'Nina', familyName: 'Orlova' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it("shows the server's refusal of a new user titled Ошибка", async () => {
    const { user } = openUsers({
      'POST /api/admin/user/registration': {
        status: 409,
        body: { message: 'A user with this email already exists' },
      },
    });
    await user.click(await screen.findByRole('button', { name: UserManagementText.addUser }));
    await user.type(dialog().getByLabelText(UserManagementText.email), 'olga@example.com');
    await user.type(dialog().getByLabelText(UserManagementText.giveName), 'Olga');
    await user.type(dialog().getByLabelText(UserManagementText.familyName), 'Ivanova');
    await user.type(dialog().getByLabelText(UserManagementText.password), 'secret-1');
    await user.type(dialog().getByLabelText(UserManagementText.repeatPassword), 'secret-1');
    await user.click(dialog().getByRole('button', { name: UserManagementText.add }));
    expect(await screen.findByText('A user with this email already exists')).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a user: e-mail read-only, an empty password and an unchanged balance not sent', async () => {
    const { user, callsTo } = openUsers({
      'PATCH /api/admin/user/change/info/u-olga': {
        body: { message: AdminUsersText.userUpdated, user: olga },
      },
    });
    await user.click(await screen.findByRole('button', { name: UserRowLabel.edit(olga) }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const email = dialog().getByDisplayValue(olga.email);
    expect(email).toHaveAttribute('readonly');

    await user.clear(dialog().getByLabelText(UserManagementText.giveName));
    await user.type(dialog().getByLabelText(UserManagementText.giveName), 'Olya');
    await user.click(dialog().getByRole('button', { name: UserManagementText.save }));
    expect(await screen.findByText(AdminUsersText.userUpdated)).toBeInTheDocument();
    // Unchanged balance and an empty password are not sent (main 0 stays as it is).
    expect(callsTo('PATCH', '/api/admin/user/change/info/u-olga')[0]?.body).toEqual({
      name: { giveName: 'Olya', familyName: 'Ivanova' },
    });
  });

  it('edits a password only when both entries match, and a balance only from 1', async () => {
    const { user, callsTo } = openUsers({
      'PATCH /api/admin/user/change/info/u-olga': {
        body: { message: AdminUsersText.userUpdated, user: olga },
      },
    });
    await user.click(await screen.findByRole('button', { name: UserRowLabel.edit(olga) }));
    await user.type(dialog().getByLabelText(UserManagementText.newPassword), 'brand-new');
    await user.type(dialog().getByLabelText(UserManagementText.repeatPassword), 'brand-neu');
    await user.click(dialog().getByRole('button', { name: UserManagementText.save }));
    expect(await dialog().findByText(AdminUsersText.passwordsDontMatch)).toBeInTheDocument();

    await user.clear(dialog().getByLabelText(UserManagementText.repeatPassword));
    await user.type(dialog().getByLabelText(UserManagementText.repeatPassword), 'brand-new');
    await user.clear(dialog().getByLabelText(UserManagementText.balanceBonus));
    await user.type(dialog().getByLabelText(UserManagementText.balanceBonus), '0');
    await user.click(dialog().getByRole('button', { name: UserManagementText.save }));
    expect(await dialog().findByText(AdminUsersText.balanceMin)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/user/change/info/u-olga')).toHaveLength(0);

    await user.clear(dialog().getByLabelText(UserManagementText.balanceBonus));
    await user.type(dialog().getByLabelText(UserManagementText.balanceBonus), '35');
    await user.click(dialog().getByRole('button', { name: UserManagementText.save }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/user/change/info/u-olga')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/admin/user/change/info/u-olga')[0]?.body).toEqual({
      name: { giveName: 'Olga', familyName: 'Ivanova' },
      password: 'brand-new',
      balance: { main: 0, bonus: 35 },
    });
  });

  it('asks before deleting, then deletes', async () => {
    const { user, callsTo } = openUsers({
      'DELETE /api/admin/user/u-olga': { body: { message: AdminUsersText.userDeleted } },
    });
    await user.click(await screen.findByRole('button', { name: UserRowLabel.delete(olga) }));
    expect(await screen.findByText(UserManagementText.deleteConfirm)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/user/u-olga')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: UserManagementText.delete }));
    expect(await screen.findByText(AdminUsersText.userDeleted)).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/user/u-olga')).toHaveLength(1);
    await waitFor(() => expect(callsTo('GET', '/api/admin/users')).toHaveLength(2));
  });

  it('tells a failed deletion with the specification text titled Ошибка', async () => {
    const { user } = openUsers({
      'DELETE /api/admin/user/u-olga': {
        status: 409,
        body: { message: 'Вы не можете удалить свою учётную запись' },
      },
    });
    await user.click(await screen.findByRole('button', { name: UserRowLabel.delete(olga) }));
    await user.click(await screen.findByRole('button', { name: UserManagementText.delete }));
    expect(await screen.findByText(AdminUsersText.userDeleteFailed)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.getByText('Вы не можете удалить свою учётную запись')).toBeInTheDocument();
  });

  it('shows add, edit, delete and roles only with editUsers', async () => {
    openUsers({}, [PermissionSign.showAdmin, PermissionSign.lookUsers]);
    expect(await screen.findByText(olga.email)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UserRowLabel.edit(olga) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UserRowLabel.delete(olga) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UserRowLabel.permissions(olga) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UserManagementText.addUser })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: AdminText.menuRoles })).not.toBeInTheDocument();
  });

  it('reloads the permissions on a permission-change event, and the screen and menu follow', async () => {
    const { server, callsTo } = openUsers();
    expect(await screen.findByRole('button', { name: UserRowLabel.edit(olga) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AdminText.menuRoles })).toBeInTheDocument();
    const loadsBefore = callsTo('GET', '/api/admin/permissions/user').length;

    server.own = [PermissionSign.showAdmin, PermissionSign.lookUsers];
    act(() => FakeSocket.created.at(-1)!.serverEmit(SocketEvent.permissionsChanged));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: UserRowLabel.edit(olga) })).not.toBeInTheDocument(),
    );
    expect(callsTo('GET', '/api/admin/permissions/user').length).toBeGreaterThan(loadsBefore);
    expect(screen.queryByRole('link', { name: AdminText.menuRoles })).not.toBeInTheDocument();
  });

  it("opens a user's audit log in a drawer, to a viewer without editUsers too", async () => {
    const balanceEdit: AuditEntry = {
      _id: '12',
      createdAt: '2026-03-05T10:00:00.000Z',
      actor: { _id: 'u-admin', email: admin.email },
      action: 'balance',
      target: { type: 'user', _id: olga._id, label: olga.email },
      before: { main: 0, bonus: 20 },
      after: { main: 50, bonus: 20 },
    };
    const { user, callsTo } = openUsers(
      { 'GET /api/admin/audit': { body: { entries: [balanceEdit], total: 1 } } },
      [PermissionSign.showAdmin, PermissionSign.lookUsers],
    );
    await user.click(await screen.findByRole('button', { name: `${AuditText.userTab} ${olga.email}` }));
    // Not by its accessible name: under test, Ant Design gives every title the same id.
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText(`${AuditText.userTab} · ${olga.email}`)).toBeInTheDocument();
    expect(await drawer.findByText('main: 0 → 50')).toBeInTheDocument();
    expect(drawer.getByText(`${AuditText.targets.user} · ${AuditText.actions.balance}`)).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/audit').map(query)).toEqual([
      { page: '1', limit: '20', targetType: 'user', targetId: olga._id },
    ]);

    await user.click(drawer.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: `${AuditText.userTab} ${dan.email}` }));
    await waitFor(() =>
      expect(query(callsTo('GET', '/api/admin/audit').at(-1))).toEqual({
        page: '1',
        limit: '20',
        targetType: 'user',
        targetId: dan._id,
      }),
    );
    expect(
      within(await screen.findByRole('dialog')).getByText(`${AuditText.userTab} · ${dan.email}`),
    ).toBeInTheDocument();
  });

  it("assigns a role and saves a user's own permission switches", async () => {
    const current: UserPermissions = { permissions: signs([0, 5]), custom: false, role: designerRole };
    const custom: UserPermissions = { permissions: signs([0, 2, 5]), custom: true, role: designerRole };
    const moderatorRole = { _id: 'role-moderator', title: 'Moderator' };
    const { user, callsTo } = openUsers({
      'GET /api/admin/permissions/user/u-dan': { body: current },
      'GET /api/admin/permissions/role': {
        body: [
          role({ _id: 'role-admin', title: 'Admin' }, [...ALL_PERMISSION_SIGNS], true),
          role(designerRole, [0, 5]),
          role(moderatorRole, [0, 5, 6]),
        ],
      },
      'PATCH /api/admin/permissions/role/user/u-dan': {
        body: {
          message: AdminUsersText.roleChanged,
          permissions: { permissions: signs([0, 5, 6]), custom: false, role: moderatorRole },
        },
      },
      'PATCH /api/admin/permissions/custom/user/u-dan': {
        body: { message: AdminUsersText.roleChanged, permissions: custom },
      },
    });
    await user.click(await screen.findByRole('button', { name: UserRowLabel.permissions(dan) }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const lookUsers = await dialog().findByRole('switch', { name: PERMISSION_DESCRIPTIONS[2] });
    expect(lookUsers).not.toBeChecked();
    expect(dialog().getByRole('switch', { name: PERMISSION_DESCRIPTIONS[5] })).toBeChecked();
    expect(dialog().getAllByRole('switch')).toHaveLength(9);

    await user.click(dialog().getByRole('combobox', { name: UserManagementText.role }));
    await user.click(await screen.findByTitle('Moderator'));
    await user.click(dialog().getByRole('button', { name: UserManagementText.assignRole }));
    expect(await screen.findByText(AdminUsersText.roleChanged)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/permissions/role/user/u-dan')[0]?.body).toEqual({
      _id: 'role-moderator',
    });
    await waitFor(() =>
      expect(dialog().getByRole('switch', { name: PERMISSION_DESCRIPTIONS[6] })).toBeChecked(),
    );

    await user.click(dialog().getByRole('switch', { name: PERMISSION_DESCRIPTIONS[2] }));
    await user.click(dialog().getByRole('button', { name: UserManagementText.saveCustom }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/permissions/custom/user/u-dan')).toHaveLength(1));
    expect(await screen.findAllByText(AdminUsersText.roleChanged)).not.toHaveLength(0);
    expect(callsTo('PATCH', '/api/admin/permissions/custom/user/u-dan')[0]?.body).toEqual({
      permissions: signs([0, 2, 5, 6]),
    });
  });
});
