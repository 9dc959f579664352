import { AuditText, type AuditEntry } from '@retouch/shared/audit';
import { PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch, type MockAnswer, type RecordedCall } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const LOOKER = [PermissionSign.showAdmin, PermissionSign.lookUsers];

const balanceEdit: AuditEntry = {
  _id: '12',
  createdAt: '2026-03-05T10:00:00.000Z',
  actor: { _id: 'u-admin', email: 'admin@retouch.local' },
  action: 'balance',
  target: { type: 'user', _id: 'u-olga', label: 'olga@example.com' },
  before: { main: 0, bonus: 20 },
  after: { main: 50, bonus: 20 },
};
const roleChange: AuditEntry = {
  _id: '11',
  createdAt: '2026-03-04T09:30:00.000Z',
  actor: { _id: 'u-boss', email: 'boss@retouch.local' },
  action: 'role',
  target: { type: 'user', _id: 'u-dan', label: 'dan@example.com' },
  before: { role: 'User' },
  after: { role: 'Designer' },
};
const packageCreated: AuditEntry = {
  _id: '10',
  createdAt: '2026-03-03T08:00:00.000Z',
  actor: { _id: 'u-admin', email: 'admin@retouch.local' },
  action: 'create',
  target: { type: 'package', _id: 'p-1', label: 'Старт' },
  before: null,
  after: { title: 'Старт', tokens: 10 },
};
const entries = [balanceEdit, roleChange, packageCreated];

function openAudit({
  path = '/admin/audit',
  own = LOOKER,
  audit = { body: { entries, total: 3 } },
}: { path?: string; own?: number[]; audit?: MockAnswer | ((call: RecordedCall) => MockAnswer) } = {}) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: own.map((sign) => ({ sign, status: true })) },
    'GET /api/admin/audit': audit,
  });
  const queries = () =>
    api
      .callsTo('GET', '/api/admin/audit')
      .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
  return { ...renderApp(path), ...api, queries };
}

const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell'));
const cellTexts = (cells: HTMLElement[]) => cells.map((cell) => cell.textContent);
const targetFilter = () => screen.getByRole('combobox', { name: AuditText.targetFilter });
const addressQuery = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));

// A staff member in Moscow (UTC+3), so the moment shown is a known local time.
let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Europe/Moscow';
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/audit-page');
});

describe('/admin/audit', () => {
  it('shows when, who, what, the object and the change of each entry, the first page of 20', async () => {
    const { queries } = openAudit();
    expect(await screen.findByText('main: 0 → 50')).toBeInTheDocument();
    expect(screen.getByText(AuditText.screenTitle, { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      AuditText.when,
      AuditText.who,
      AuditText.what,
      AuditText.target,
      AuditText.change,
    ]);
    const [balance, role, created] = bodyRows();
    expect(cellTexts(balance!)).toEqual([
      '05.03.2026, 13:00:00',
      'admin@retouch.local',
      'Пользователь · Изменение баланса',
      'olga@example.com',
      // Only what changed: the bonus stayed 20.
      'main: 0 → 50',
    ]);
    expect(cellTexts(role!)).toEqual([
      '04.03.2026, 12:30:00',
      'boss@retouch.local',
      'Пользователь · Смена роли',
      'dan@example.com',
      'role: User → Designer',
    ]);
    // A create shows what was made, a line per field.
    expect(cellTexts(created!).slice(2, 4)).toEqual(['Пакет токенов · Создание', 'Старт']);
    expect(within(created![4]!).getByText('title: Старт')).toBeInTheDocument();
    expect(within(created![4]!).getByText('tokens: 10')).toBeInTheDocument();
    expect(queries()).toEqual([{ page: '1', limit: '20' }]);
  });

  it('filters by the type of object: the server gets targetType and the address keeps it', async () => {
    const { user, queries, location } = openAudit();
    await screen.findByText('main: 0 → 50');
    await user.click(targetFilter());
    await user.click(
      await screen.findByText(AuditText.targets.role, { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', limit: '20', targetType: 'role' }));
    expect(addressQuery(location())).toEqual({ targetType: 'role' });
  });

  it('reads the filter from the address, and ignores a type it does not know', async () => {
    const first = openAudit({ path: '/admin/audit?targetType=setting' });
    await waitFor(() => expect(first.queries()).toEqual([{ page: '1', limit: '20', targetType: 'setting' }]));
    expect(
      within(targetFilter().closest('.ant-select')!).getByText(AuditText.targets.setting),
    ).toBeInTheDocument();
    first.unmount();

    const second = openAudit({ path: '/admin/audit?targetType=planet' });
    await waitFor(() => expect(second.queries()).toEqual([{ page: '1', limit: '20' }]));
  });

  it('pages on the server with the total it answers, and a new filter starts at page 1', async () => {
    const { user, queries } = openAudit({ audit: { body: { entries, total: 45 } } });
    await screen.findByText('main: 0 → 50');
    expect(screen.getByTitle('3')).toBeInTheDocument();
    expect(screen.queryByTitle('4')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '2', limit: '20' }));

    await user.click(targetFilter());
    await user.click(
      await screen.findByText(AuditText.targets.user, { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', limit: '20', targetType: 'user' }));
  });

  it('says there are no actions yet when the server has none', async () => {
    const { queries } = openAudit({ audit: { body: { entries: [], total: 0 } } });
    expect(await screen.findByText(AuditText.empty)).toBeInTheDocument();
    expect(queries()).toHaveLength(1);
    expect(screen.getAllByRole('row')).toHaveLength(2); // the header and the empty row
  });

  it('offers to try again when the log could not be loaded', async () => {
    let failing = true;
    const { user } = openAudit({
      audit: () => (failing ? { status: 500, body: { message: 'boom' } } : { body: { entries, total: 3 } }),
    });
    expect(await screen.findByText(AdminText.somethingWrong)).toBeInTheDocument();
    expect(screen.queryByText('main: 0 → 50')).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: AdminText.tryAgain }));
    expect(await screen.findByText('main: 0 → 50')).toBeInTheDocument();
  });

  it('refuses the screen without lookUsers, without asking for the log', async () => {
    const { queries } = openAudit({ own: [PermissionSign.showAdmin, PermissionSign.editServices] });
    expect(await screen.findByText(AdminText.noAccess)).toBeInTheDocument();
    expect(queries()).toEqual([]);
  });
});

describe('the audit menu row', () => {
  const menu = () => within(screen.getByRole('navigation', { name: AdminText.panelTitle }));

  it('shows with lookUsers and leads to the screen', async () => {
    const { user, location } = openAudit({ path: '/admin' });
    const row = await screen.findByRole('link', { name: AuditText.screenTitle });
    expect(menu().getByRole('link', { name: AuditText.screenTitle })).toBe(row);
    await user.click(row);
    expect(location().pathname).toBe('/admin/audit');
    expect(await screen.findByText('main: 0 → 50')).toBeInTheDocument();
  });

  it('does not show without lookUsers', async () => {
    openAudit({ path: '/admin', own: [PermissionSign.showAdmin, PermissionSign.editServices] });
    // The rows of the permissions held are there: the permissions have been read.
    expect(await screen.findByRole('link', { name: AdminText.menuServices })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: AuditText.screenTitle })).not.toBeInTheDocument();
  });
});
