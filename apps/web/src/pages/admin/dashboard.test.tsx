import { DASHBOARD_DAYS, type Dashboard } from '@retouch/shared/dashboard';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardText } from '@/features/dashboard/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const DASHBOARD = '/api/admin/dashboard';
const staff = aUser({ email: 'lead@retouch.local', role: { title: 'Lead' }, isAdmin: true });
const LOOK_ORDERS = [PermissionSign.showAdmin, PermissionSign.lookOrders];

/** 14 days ending on 20 May 2026, empty but for the last three. */
const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => ({
  date: `2026-05-${String(7 + index).padStart(2, '0')}`,
  orders: 0,
  revenue: 0,
}));
days[11] = { date: '2026-05-18', orders: 0, revenue: -8 };
days[12] = { date: '2026-05-19', orders: 3, revenue: 10 };
days[13] = { date: '2026-05-20', orders: 1250, revenue: 14 };

const figures: Dashboard = {
  waiting: { designer: 3, review: 2 },
  onDuty: { designers: 4, moderators: 1 },
  medianHandlingMinutes: 41.7,
  overdue: 5,
  today: { revenue: 2400, tips: 6 },
  days,
};

type Answer = MockAnswer | (() => MockAnswer);

function openHome(signs: number[], dashboard: Answer = { body: figures }) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: staff },
    'GET /api/admin/permissions/user': { body: signs.map((sign) => ({ sign, status: true })) },
    [`GET ${DASHBOARD}`]: dashboard,
  });
  return { ...renderApp('/admin'), ...api };
}

/** The text a figure shows, found by its label. */
const figure = (label: string) => screen.getByRole('group', { name: label });
const shown = async (label: string) => (await screen.findByRole('group', { name: label })).textContent;

describe('the dashboard under the greeting of /admin', () => {
  it('shows every figure under its label, the days in words and as a table', async () => {
    const { user } = openHome(LOOK_ORDERS);
    expect(await screen.findByText(`${AdminText.greeting}, ${staff.name.giveName}!`)).toBeInTheDocument();
    await waitFor(() => expect(within(figure(DashboardText.waitingDesigner)).getByText('3')).toBeVisible());
    expect(within(figure(DashboardText.waitingReview)).getByText('2')).toBeInTheDocument();
    expect(within(figure(DashboardText.designersOnDuty)).getByText('4')).toBeInTheDocument();
    expect(within(figure(DashboardText.moderatorsOnDuty)).getByText('1')).toBeInTheDocument();
    expect(within(figure(DashboardText.medianHandling)).getByText('41,7')).toBeInTheDocument();
    expect(within(figure(DashboardText.overdue)).getByText('5')).toBeInTheDocument();
    expect(within(figure(DashboardText.revenueToday)).getByText('2 400')).toBeInTheDocument();
    expect(within(figure(DashboardText.tipsToday)).getByText('6')).toBeInTheDocument();
    // The permissions stay under the greeting.
    expect(screen.getByRole('list', { name: AdminText.yourPermissions })).toBeInTheDocument();

    const chart = screen.getByRole('figure', { name: DashboardText.chartTitle });
    // The totals of the 14 days (1 253 orders; 10 + 14 - 8 tokens), the thousands set apart by a no-break space.
    expect(chart).toHaveAccessibleDescription(
      new RegExp(`^Итого за ${DASHBOARD_DAYS} дней: заказы — 1\\s253, выручка в токенах — 16\\.$`),
    );
    await user.click(within(chart).getByRole('button', { name: DashboardText.daysTable }));
    const rows = within(await within(chart).findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(DASHBOARD_DAYS + 1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        // Thousands are set apart by a no-break space, read as a space.
        .map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells(rows[1]!)).toEqual(['07.05.2026', '0', '0']);
    expect(cells(rows[12]!)).toEqual(['18.05.2026', '0', '-8']);
    expect(cells(rows[14]!)).toEqual(['20.05.2026', '1 250', '14']);
  });

  it('shows a dash for the median while nothing was approved today', async () => {
    openHome(LOOK_ORDERS, { body: { ...figures, medianHandlingMinutes: null } });
    await waitFor(async () =>
      expect(await shown(DashboardText.medianHandling)).toContain(DashboardText.noValue),
    );
    expect(await shown(DashboardText.overdue)).toContain('5');
  });

  it('does not ask for the figures without lookOrders, and keeps the greeting and permissions', async () => {
    const { callsTo } = openHome([PermissionSign.showAdmin, PermissionSign.lookUsers]);
    expect(await screen.findByRole('list', { name: AdminText.yourPermissions })).toBeInTheDocument();
    expect(screen.getByText(`${AdminText.greeting}, ${staff.name.giveName}!`)).toBeInTheDocument();
    expect(screen.queryByText(DashboardText.title)).not.toBeInTheDocument();
    expect(screen.queryByText(DashboardText.waitingDesigner)).not.toBeInTheDocument();
    expect(callsTo('GET', DASHBOARD)).toHaveLength(0);
  });

  it("asks again when the socket says 'change orders', and shows the new figures", async () => {
    let waiting = 3;
    const { callsTo } = openHome(LOOK_ORDERS, () => ({
      body: { ...figures, waiting: { ...figures.waiting, designer: waiting } },
    }));
    await waitFor(() => expect(within(figure(DashboardText.waitingDesigner)).getByText('3')).toBeVisible());
    const socket = FakeSocket.created.at(-1)!;
    await waitFor(() => expect(socket.listeners.get(SocketEvent.changeOrders)?.size).toBeGreaterThan(0));
    const asked = callsTo('GET', DASHBOARD).length;

    waiting = 4;
    act(() => socket.serverEmit(SocketEvent.changeOrders, { orderId: 'o-1', condition: 0, from: null }));
    await waitFor(() => expect(within(figure(DashboardText.waitingDesigner)).getByText('4')).toBeVisible());
    expect(callsTo('GET', DASHBOARD)).toHaveLength(asked + 1);
  });

  it('asks again every minute while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = openHome(LOOK_ORDERS);
    await waitFor(() => expect(within(figure(DashboardText.waitingDesigner)).getByText('3')).toBeVisible());
    const asked = callsTo('GET', DASHBOARD).length;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(callsTo('GET', DASHBOARD)).toHaveLength(asked);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(callsTo('GET', DASHBOARD)).toHaveLength(asked + 1));
  });

  it('says the figures could not be loaded, and shows them once a retry succeeds', async () => {
    let failing = true;
    const { user } = openHome(LOOK_ORDERS, () =>
      failing ? { status: 500, body: { message: 'Внутренняя ошибка сервера' } } : { body: figures },
    );
    expect(await screen.findByText(DashboardText.loadError)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: DashboardText.waitingDesigner })).not.toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: AdminText.tryAgain }));
    await waitFor(() => expect(within(figure(DashboardText.overdue)).getByText('5')).toBeVisible());
    expect(screen.queryByText(DashboardText.loadError)).not.toBeInTheDocument();
  });
});
