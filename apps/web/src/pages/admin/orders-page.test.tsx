import type { AdminOrderRow, AdminOrdersPage } from '@retouch/shared/admin-orders';
import { OrderCondition } from '@retouch/shared/orders';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrdersRowLabel, AdminOrdersUiText } from '@/features/admin-orders/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const MINUTE = 60_000;

function aRow(id: string, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    _id: id,
    createdAt: '2026-11-01T10:05:00.000Z',
    client: { _id: 'client-1', email: 'ann@example.com', name: { giveName: 'Ann', familyName: 'Lee' } },
    cost: 12,
    tip: 0,
    condition: OrderCondition.new,
    executionTime: 60,
    dateStart: null,
    ...overrides,
  };
}

const bob = { _id: 'client-2', email: 'bob@example.com', name: { giveName: 'Bob', familyName: 'Stone' } };
const rows: AdminOrderRow[] = [
  aRow('o-new'),
  // 1 % from 10 to 20 minutes in: the test may run long after this file loads (a minute into an hour
  // left 12 s before it read 2 % on a busy machine).
  aRow('o-work', {
    condition: OrderCondition.inWork,
    executionTime: 1000,
    dateStart: new Date(Date.now() - 15 * MINUTE).toISOString(),
  }),
  aRow('o-late', {
    condition: OrderCondition.resultReview,
    executionTime: 30,
    dateStart: new Date(Date.now() - 120 * MINUTE).toISOString(),
  }),
  aRow('o-done', { condition: OrderCondition.done, client: bob }),
  aRow('o-tipped', { condition: OrderCondition.doneTipped, tip: 15 }),
  aRow('o-refused', { condition: OrderCondition.refused }),
  aRow('o-cancelled', { condition: OrderCondition.cancelled }),
];

/** Answers the table's calls with `rows` and `total`, whatever the query; the test reads the queries. */
function openOrders(
  { page = { orders: rows, total: 45 }, path = '/admin/orders', status = 200 } = {} as {
    page?: AdminOrdersPage;
    path?: string;
    status?: number;
  },
) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: [0, 4].map((sign) => ({ sign, status: true })) },
    'GET /api/admin/orders/': status === 200 ? { body: page } : { status, body: { message: 'boom' } },
  });
  const queries = () =>
    api.callsTo('GET', '/api/admin/orders/').map((call: RecordedCall) => {
      const search = new URL(call.url, 'http://localhost').searchParams;
      return Object.fromEntries(search.entries());
    });
  return { ...renderApp(path), ...api, queries };
}

const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row));
const cellTexts = (row: ReturnType<typeof within>) =>
  row.getAllByRole('cell').map((cell: HTMLElement) => cell.textContent);
/** The table shown (the first render also loads the admin chunks). */
const tableShown = () => screen.findByText('o-new');
const dateHeader = () => screen.getByRole('columnheader', { name: new RegExp(AdminOrdersUiText.date) });

const statusFilter = () => screen.getByRole('combobox', { name: AdminOrdersUiText.statusFilter });
/** Picks an option of the open select by its text. */
const chooseOption = async (user: { click: (element: Element) => Promise<void> }, text: string) =>
  user.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));
const addressQuery = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));
const exportHref = () => {
  const href = screen.getByRole('link', { name: AdminOrdersUiText.exportCsv }).getAttribute('href')!;
  return Object.fromEntries(new URL(href, 'http://localhost').searchParams);
};
/** The address of a table filtered by everything it offers. */
const FILTERED = `sortByDate=ASC&email=${encodeURIComponent(bob.email)}&status=refused,beingModerated&dateFrom=2026-11-01&dateTo=2026-11-05`;

beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/orders-page');
});

describe('/admin/orders', () => {
  it('shows id, date, e-mail, name, cost, tip, status and details of each order', async () => {
    openOrders();
    expect(await tableShown()).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      AdminOrdersUiText.id,
      AdminOrdersUiText.date,
      AdminOrdersUiText.email,
      AdminOrdersUiText.name,
      AdminOrdersUiText.cost,
      AdminOrdersUiText.tip,
      AdminOrdersUiText.status,
      AdminOrdersUiText.details,
    ]);
    const [first] = bodyRows();
    const cells = cellTexts(first!);
    expect(cells[0]).toBe('o-new');
    expect(cells[1]).toMatch(/^01\.11\.2026 \d\d:05$/);
    expect(cells.slice(2, 7)).toEqual([
      'ann@example.com',
      'Ann Lee',
      '12',
      AdminOrdersUiText.tipPending,
      AdminOrdersUiText.lookingForDesigner,
    ]);
    expect(first!.getByRole('button', { name: AdminOrdersRowLabel.details('o-new') })).toBeInTheDocument();
  });

  it('shows the tip at 10, no tip at 6, an ellipsis otherwise; and the status of each condition group', async () => {
    openOrders();
    await tableShown();
    const rowById = new Map(bodyRows().map((row) => [cellTexts(row)[0], row]));
    const byId = Object.fromEntries(
      [...rowById].map(([id, row]) => {
        const cells = cellTexts(row);
        return [id, { tip: cells[5], status: cells[6] }];
      }),
    );
    expect(byId).toEqual({
      'o-new': { tip: '…', status: AdminOrdersUiText.lookingForDesigner },
      'o-work': { tip: '…', status: `${AdminOrdersUiText.inProgress} · 1%` },
      'o-late': { tip: '…', status: AdminOrdersUiText.beingModerated },
      'o-done': { tip: AdminOrdersUiText.noTip, status: AdminOrdersUiText.completed },
      'o-tipped': { tip: '15', status: AdminOrdersUiText.completed },
      'o-refused': { tip: '…', status: AdminOrdersUiText.refused },
      'o-cancelled': { tip: '…', status: AdminOrdersUiText.cancelled },
    });
    const tag = (id: string) => rowById.get(id)!.getByText(byId[id]!.status!, { selector: '.ant-tag' });
    expect(tag('o-new')).toHaveClass('ant-tag-warning');
    expect(tag('o-done')).toHaveClass('ant-tag-success');
    expect(tag('o-refused')).toHaveClass('ant-tag-error');
    expect(tag('o-cancelled')).toHaveClass('ant-tag-error');
  });

  // Tips are tokens, as the customer pays them; analytics shows its tips in dollars (back office section 9).
  it('says the cost and the tip are in tokens', async () => {
    openOrders();
    await tableShown();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers[4]).toMatch(/^Стоимость.*токен/);
    expect(headers[5]).toMatch(/^Чаевые.*токен/);
  });

  it('asks the server for 20 newest orders of page 1 first, then for the page chosen', async () => {
    const { user, queries } = openOrders();
    await tableShown();
    expect(queries()[0]).toEqual({ limit: '20', page: '1', sortByDate: 'DESC' });
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '20', page: '3', sortByDate: 'DESC' }));
  });

  it('offers page sizes 5, 10 and 20; a new size starts again at page 1', async () => {
    const { user, queries } = openOrders({ path: '/admin/orders?page=2' });
    await tableShown();
    expect(queries()[0]).toEqual({ limit: '20', page: '2', sortByDate: 'DESC' });
    await user.click(within(document.querySelector<HTMLElement>('.ant-pagination')!).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5 / стр.', '10 / стр.', '20 / стр.']);
    await user.click(screen.getByText('10 / стр.', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '10', page: '1', sortByDate: 'DESC' }));
  });

  it('sorts by date on the server: oldest first, then newest first again', async () => {
    const { user, queries } = openOrders();
    await tableShown();
    expect(dateHeader()).toHaveAttribute('aria-sort', 'descending');
    await user.click(dateHeader());
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ sortByDate: 'ASC', page: '1' }));
    expect(dateHeader()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(dateHeader());
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ sortByDate: 'DESC' }));
  });

  it("filters by a client's e-mail and clears the filter with the link", async () => {
    const { user, queries } = openOrders();
    await tableShown();
    expect(screen.queryByText(AdminOrdersUiText.clearFilter)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: AdminOrdersRowLabel.filterByEmail(bob.email) }));
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({ limit: '20', page: '1', sortByDate: 'DESC', email: bob.email }),
    );
    await user.click(screen.getByText(AdminOrdersUiText.clearFilter));
    await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '20', page: '1', sortByDate: 'DESC' }));
    expect(screen.queryByText(AdminOrdersUiText.clearFilter)).not.toBeInTheDocument();
  });

  it("opens an order's details", async () => {
    const { user, location } = openOrders();
    await user.click(await screen.findByRole('button', { name: AdminOrdersRowLabel.details('o-done') }));
    expect(location().pathname).toBe('/admin/info/order/o-done');
  });

  it('says when there are no orders', async () => {
    openOrders({ page: { orders: [], total: 0 } });
    expect(await screen.findByText(AdminOrdersUiText.empty)).toBeInTheDocument();
  });

  it('filters by several statuses at once, on the server and in the address, from page 1 again', async () => {
    const { user, queries, location } = openOrders({ path: '/admin/orders?page=3' });
    await tableShown();
    expect(queries()[0]).toEqual({ limit: '20', page: '3', sortByDate: 'DESC' });
    await user.click(statusFilter());
    await chooseOption(user, AdminOrdersUiText.refused);
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ page: '1', status: 'refused' }));
    await chooseOption(user, AdminOrdersUiText.completed);
    await waitFor(() =>
      expect(queries().at(-1)).toEqual({
        limit: '20',
        page: '1',
        sortByDate: 'DESC',
        // In the table's order, whatever the order they were picked in.
        status: 'completed,refused',
      }),
    );
    expect(addressQuery(location())).toEqual({ status: 'completed,refused' });
  });

  it("filters by creation days: the server gets the bounds of the viewer's days, the address the days", async () => {
    // A staff member in Moscow (UTC+3): their 1 November starts at 21:00 UTC on 31 October.
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Moscow';
    try {
      const { user, queries, location } = openOrders();
      await tableShown();
      await user.click(screen.getByPlaceholderText(AdminOrdersUiText.createdFrom));
      await user.type(screen.getByPlaceholderText(AdminOrdersUiText.createdFrom), '01.11.2026{Enter}');
      await user.type(screen.getByPlaceholderText(AdminOrdersUiText.createdTo), '05.11.2026{Enter}');
      await waitFor(() =>
        expect(queries().at(-1)).toEqual({
          limit: '20',
          page: '1',
          sortByDate: 'DESC',
          // From midnight of the 1st to midnight after the 5th, Moscow time.
          createdFrom: '2026-10-31T21:00:00.000Z',
          createdBefore: '2026-11-05T21:00:00.000Z',
        }),
      );
      expect(addressQuery(location())).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-05' });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('keeps the filters of the address: a reload or a shared link asks with them and shows them', async () => {
    const { queries } = openOrders({ path: `/admin/orders?${FILTERED}` });
    await tableShown();
    expect(queries()[0]).toEqual({
      limit: '20',
      page: '1',
      sortByDate: 'ASC',
      email: bob.email,
      status: 'beingModerated,refused',
      createdFrom: new Date(2026, 10, 1).toISOString(),
      createdBefore: new Date(2026, 10, 6).toISOString(),
    });
    const chosen = [...statusFilter().closest('.ant-select')!.querySelectorAll('.ant-select-selection-item')];
    expect(chosen.map((tag) => tag.textContent)).toEqual([
      AdminOrdersUiText.beingModerated,
      AdminOrdersUiText.refused,
    ]);
    expect(screen.getByPlaceholderText(AdminOrdersUiText.createdFrom)).toHaveValue('01.11.2026');
    expect(screen.getByPlaceholderText(AdminOrdersUiText.createdTo)).toHaveValue('05.11.2026');
  });

  it('clears the statuses: every status again, and none in the address', async () => {
    const { user, queries, location } = openOrders({ path: '/admin/orders?status=refused' });
    await tableShown();
    expect(queries()[0]).toMatchObject({ status: 'refused' });
    const select = statusFilter().closest<HTMLElement>('.ant-select')!;
    await user.hover(select);
    await user.click(select.querySelector<HTMLElement>('.ant-select-clear')!);
    await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '20', page: '1', sortByDate: 'DESC' }));
    expect(addressQuery(location())).toEqual({});
  });

  it('offers the CSV export of the orders the filters and the sort keep', async () => {
    const { user } = openOrders({ path: `/admin/orders?${FILTERED}&page=2` });
    await tableShown();
    const exportLink = screen.getByRole('link', { name: AdminOrdersUiText.exportCsv });
    const url = new URL(exportLink.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/admin/orders/export');
    // Every order the filters keep, so no page or page size.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sortByDate: 'ASC',
      email: bob.email,
      status: 'beingModerated,refused',
      createdFrom: new Date(2026, 10, 1).toISOString(),
      createdBefore: new Date(2026, 10, 6).toISOString(),
    });
    // The link follows the filters as they change.
    await user.click(screen.getByText(AdminOrdersUiText.clearFilter));
    await user.click(statusFilter());
    await chooseOption(user, AdminOrdersUiText.completed);
    await waitFor(() =>
      expect(exportHref()).toEqual({
        sortByDate: 'ASC',
        status: 'beingModerated,completed,refused',
        createdFrom: new Date(2026, 10, 1).toISOString(),
        createdBefore: new Date(2026, 10, 6).toISOString(),
      }),
    );
  });

  it('offers the export of every order when nothing filters the table', async () => {
    openOrders();
    await tableShown();
    expect(screen.getByRole('link', { name: AdminOrdersUiText.exportCsv })).toHaveAttribute(
      'href',
      '/api/admin/orders/export?sortByDate=DESC',
    );
  });

  it("tells a failed load as 'Что-то пошло не так!' titled 'Ошибка'", async () => {
    openOrders({ status: 500 });
    const title = await screen.findByText(AdminText.error, { selector: '.ant-notification-notice-title' });
    const notice = within(title.closest<HTMLElement>('.ant-notification-notice')!);
    expect(notice.getByText(AdminText.somethingWrong)).toBeInTheDocument();
  });
});
