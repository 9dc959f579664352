import type { AnalyticsRow, CabinetSnapshot } from '@retouch/shared/dispatch';
import { PermissionSign } from '@retouch/shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalyticsScreenText } from '@/features/analytics/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** `GET /api/executor/state` off shift, no order in hand: what the designer cabinet reads on connecting. */
const OFF_SHIFT_CABINET: CabinetSnapshot = {
  shift: { startDate: null },
  order: null,
  extensionOffer: false,
  holderGraceSeconds: 60,
};

const designer = aUser({ email: 'designer@retouch.local', role: { title: 'Designer' }, isAdmin: true });
const OWN = '/api/analytics/user';
const STAFF = '/api/admin/users?onlyAdmin=true&limit=10000';
const DESIGNER_SIGNS = [PermissionSign.showAdmin, PermissionSign.cabinetDesigner];
const LOOK_USERS_SIGNS = [...DESIGNER_SIGNS, PermissionSign.lookUsers];
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const today = dayjs().format('YYYY-MM-DD');
const weekAgo = dayjs().subtract(6, 'day').format('YYYY-MM-DD');

const rows: AnalyticsRow[] = [
  {
    date: '2026-11-20',
    shiftTime: 2 * HOUR + 30 * MINUTE,
    ordersCount: 0,
    totalCost: 0,
    tips: [],
    totalTips: 0,
  },
  {
    date: '2026-11-21',
    shiftTime: 5 * MINUTE,
    ordersCount: 3,
    totalCost: 17,
    tips: [
      { orderId: 'o-1', tip: 25 },
      { orderId: 'o-2', tip: 7 },
    ],
    // 5 times the sum of the tips, as the server computes it (back-office section 9).
    totalTips: 160,
  },
];
const colleagueRows: AnalyticsRow[] = [
  { date: '2026-11-22', shiftTime: HOUR, ordersCount: 9, totalCost: 44, tips: [], totalTips: 0 },
];
const staff = {
  users: [
    { _id: 'u-admin', email: 'admin@retouch.local', name: { giveName: 'A', familyName: 'B' } },
    { _id: 'u-anna', email: 'anna@retouch.local', name: { giveName: 'Anna', familyName: 'C' } },
  ],
  total: 2,
};

type Answers = Parameters<typeof mockFetch>[0];

function openAnalytics(answers: Answers = {}, signs: number[] = DESIGNER_SIGNS) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: designer },
    'GET /api/admin/permissions/user': { body: signs.map((sign) => ({ sign, status: true })) },
    'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
    // The top bar's shift button asks for the open shift.
    'GET /api/executor/shift': { status: 404, body: { message: 'no shift' } },
    [`GET ${OWN}`]: { body: rows },
    [`GET ${STAFF}`]: { body: staff },
    ...answers,
  });
  return { ...renderApp('/admin/analytics'), ...api };
}

const query = (call: RecordedCall | undefined) =>
  Object.fromEntries(new URL(call!.url, 'http://x').searchParams);
const cellsOf = (index: number) =>
  within(screen.getAllByRole('row')[index + 1]!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
// The first render of the lazy screen is slow on a busy machine.
/** Searches the staff select by e-mail and picks the one option left. */
async function pickStaff(user: ReturnType<typeof renderApp>['user'], search: HTMLElement, email: string) {
  await user.type(search, email.slice(0, 4));
  // antd keeps a hidden list for screen readers; the visible option is the one to click.
  const visible = await screen.findByText(email, { selector: '.ant-select-item-option-content' });
  expect(
    screen.queryByText('admin@retouch.local', { selector: '.ant-select-item-option-content' }),
  ).toBeNull();
  await user.click(visible);
}
const notFound = { status: 404, body: { message: 'Статистика не найдена' } };
const exportLink = () => screen.getByRole('link', { name: AnalyticsScreenText.exportCsv });

beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/analytics-page');
  await import('@/features/analytics/components/analytics-charts');
});

describe('/admin/analytics', () => {
  // Issue 36: the Russian back office's calendar began its weeks on Sunday.
  it('opens a Russian calendar whose weeks start on Monday', async () => {
    const { user } = openAnalytics();
    await screen.findByRole('table');
    await user.click(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart));
    const [calendar] = document.querySelectorAll<HTMLElement>('.ant-picker-content');
    const weekdays = within(calendar!)
      .getAllByRole('columnheader')
      .map((day) => day.textContent?.toLowerCase());
    expect(weekdays).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  });

  it('asks for the last 7 days up to today, both included, as YYYY-MM-DD', async () => {
    const { callsTo } = openAnalytics();
    await screen.findByRole('table');
    const calls = callsTo('GET', OWN);
    expect(calls).toHaveLength(1);
    expect(query(calls[0])).toEqual({ startDate: weekAgo, endDate: today });
  });

  it('shows a row per day: date, time on shift, orders, earned, tips in dollars and the total as sent', async () => {
    openAnalytics();
    await screen.findByRole('table');
    expect(cellsOf(0)).toEqual(['20.11.2026', '2 ч 30 мин', '0', '0', AnalyticsScreenText.noTips, '$0.00']);
    expect(cellsOf(1)).toEqual(['21.11.2026', '0 ч 05 мин', '3', '17', '$0.25, $0.07', '$1.60']);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      AnalyticsScreenText.date,
      AnalyticsScreenText.shiftTime,
      AnalyticsScreenText.ordersCount,
      AnalyticsScreenText.totalCost,
      AnalyticsScreenText.tips,
      AnalyticsScreenText.totalTips,
    ]);
  });

  // The tips are money here (cents, back office section 9), the earnings and the orders' tips tokens.
  it('says the tips are in dollars and the earnings in tokens', async () => {
    openAnalytics();
    await screen.findByRole('table');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers[3]).toMatch(/токен/);
    expect(headers[4]).toMatch(/^Чаевые.*\$/);
    expect(headers[5]).toMatch(/чаевых.*\$/);
  });

  it('draws the orders and the earnings per day', async () => {
    // happy-dom lays nothing out: give the charts a size, as a browser's ResizeObserver would.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          const contentRect = { width: 600, height: 240 } as DOMRectReadOnly;
          this.callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    openAnalytics();
    const orders = await screen.findByRole('figure', { name: AnalyticsScreenText.ordersChart });
    const earnings = screen.getByRole('figure', { name: AnalyticsScreenText.earningsChart });
    for (const chart of [orders, earnings]) {
      await waitFor(() => expect(within(chart).getByText('21.11')).toBeInTheDocument());
      expect(within(chart).getByText('20.11')).toBeInTheDocument();
    }
    // A bar per day with a value: 3 orders and 17 tokens on the 21st; the 20th's zeros draw none.
    await waitFor(() => expect(orders.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(1));
    expect(earnings.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(1);
  });

  it('asks again for a picked range', async () => {
    const { user, callsTo } = openAnalytics();
    await screen.findByRole('table');
    await user.click(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart));
    await user.clear(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart));
    await user.type(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart), '01.11.2026{Enter}');
    await user.clear(screen.getByPlaceholderText(AnalyticsScreenText.rangeEnd));
    await user.type(screen.getByPlaceholderText(AnalyticsScreenText.rangeEnd), '05.11.2026{Enter}');
    await waitFor(() => expect(callsTo('GET', OWN)).toHaveLength(2));
    expect(query(callsTo('GET', OWN)[1])).toEqual({ startDate: '2026-11-01', endDate: '2026-11-05' });
  });

  it('offers no staff search without lookUsers, and never loads the staff list', async () => {
    const { calls } = openAnalytics();
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: AnalyticsScreenText.staff })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/admin/users'))).toBe(false);
  });

  it("with lookUsers loads the staff (onlyAdmin, limit 10000) and shows a colleague's days", async () => {
    const { user, callsTo } = openAnalytics(
      { [`GET ${OWN}/u-anna`]: { body: colleagueRows } },
      LOOK_USERS_SIGNS,
    );
    const search = await screen.findByRole('combobox', { name: AnalyticsScreenText.staff });
    await waitFor(() => expect(callsTo('GET', '/api/admin/users')).toHaveLength(1));
    expect(callsTo('GET', '/api/admin/users')[0]!.url).toBe(STAFF);

    await pickStaff(user, search, 'anna@retouch.local');
    await waitFor(() => expect(callsTo('GET', `${OWN}/u-anna`)).toHaveLength(1));
    expect(query(callsTo('GET', `${OWN}/u-anna`)[0])).toEqual({ startDate: weekAgo, endDate: today });
    expect(await screen.findByText('22.11.2026')).toBeInTheDocument();
    expect(cellsOf(0)).toEqual(['22.11.2026', '1 ч 00 мин', '9', '44', AnalyticsScreenText.noTips, '$0.00']);
  });

  it('shows the 404 alert titled Ошибка; Вернуться goes back to the last days shown', async () => {
    const { user, callsTo } = openAnalytics({ [`GET ${OWN}/u-anna`]: notFound }, LOOK_USERS_SIGNS);
    await screen.findByRole('table');
    await pickStaff(
      user,
      screen.getByRole('combobox', { name: AnalyticsScreenText.staff }),
      'anna@retouch.local',
    );

    expect(screen.queryByText(AnalyticsScreenText.staffPlaceholder)).not.toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ошибка')).toBeInTheDocument();
    expect(within(alert).getByText('Статистика не найдена')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Вернуться' }));
    expect(await screen.findByText('21.11.2026')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(query(callsTo('GET', OWN).at(-1))).toEqual({ startDate: weekAgo, endDate: today });
    // The search shows its placeholder again: one's own days.
    expect(screen.getByText(AnalyticsScreenText.staffPlaceholder)).toBeInTheDocument();
  });

  it("offers the CSV export of the days shown: one's own range, then a colleague's", async () => {
    const { user } = openAnalytics({ [`GET ${OWN}/u-anna`]: { body: colleagueRows } }, LOOK_USERS_SIGNS);
    await screen.findByRole('table');
    expect(exportLink()).toHaveAttribute(
      'href',
      `/api/admin/analytics/export?startDate=${weekAgo}&endDate=${today}`,
    );

    await user.click(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart));
    await user.clear(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart));
    await user.type(screen.getByPlaceholderText(AnalyticsScreenText.rangeStart), '01.11.2026{Enter}');
    await user.clear(screen.getByPlaceholderText(AnalyticsScreenText.rangeEnd));
    await user.type(screen.getByPlaceholderText(AnalyticsScreenText.rangeEnd), '05.11.2026{Enter}');
    await waitFor(() =>
      expect(exportLink()).toHaveAttribute(
        'href',
        '/api/admin/analytics/export?startDate=2026-11-01&endDate=2026-11-05',
      ),
    );

    await pickStaff(
      user,
      screen.getByRole('combobox', { name: AnalyticsScreenText.staff }),
      'anna@retouch.local',
    );
    expect(await screen.findByText('22.11.2026')).toBeInTheDocument();
    expect(exportLink()).toHaveAttribute(
      'href',
      '/api/admin/analytics/export/u-anna?startDate=2026-11-01&endDate=2026-11-05',
    );
  });

  it('offers no export while the alert says there are no statistics', async () => {
    openAnalytics({ [`GET ${OWN}`]: notFound });
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: AnalyticsScreenText.exportCsv })).toBeDisabled();
    expect(screen.queryByRole('link', { name: AnalyticsScreenText.exportCsv })).not.toBeInTheDocument();
  });

  it('goes back to /admin when even the first days asked for have no statistics', async () => {
    const { user, location } = openAnalytics({ [`GET ${OWN}`]: notFound });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Статистика не найдена')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Вернуться' }));
    await waitFor(() => expect(location().pathname).toBe('/admin'));
  });

  it("shows another refusal's message titled Ошибка", async () => {
    openAnalytics({ [`GET ${OWN}`]: { status: 403, body: { message: 'Недостаточно прав' } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ошибка')).toBeInTheDocument();
    expect(within(alert).getByText('Недостаточно прав')).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Вернуться' })).not.toBeInTheDocument();
  });
});
