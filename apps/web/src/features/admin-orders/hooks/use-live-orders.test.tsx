import type { AdminOrderRow, AdminUserInfo } from '@retouch/shared/admin-orders';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { AdminOrdersRowLabel, AdminOrdersUiText } from '../texts';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const client = { _id: 'client-1', email: 'ann@example.com', name: { giveName: 'Ann', familyName: 'Lee' } };
const clientInfo: AdminUserInfo = {
  ...client,
  balance: { main: 5, bonus: 20 },
  role: { title: 'User' },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ORDERS_PATH = '/api/admin/orders/';
const ORDER_PATH = '/api/admin/orders/order/order-1';
const CLIENT_ORDERS_PATH = '/api/admin/orders/user/client-1';

const aRow = (id: string, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  _id: id,
  createdAt: '2026-11-01T10:05:00.000Z',
  client,
  cost: 12,
  tip: 0,
  condition: OrderCondition.new,
  executionTime: 60,
  dateStart: null,
  ...overrides,
});

function anOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    _id: 'order-1',
    condition: OrderCondition.resultReview,
    createdAt: '2026-11-01T10:00:00.000Z',
    cost: 12,
    tip: 0,
    executionTime: 60,
    dateStart: new Date().toISOString(),
    message: '',
    client,
    pictures: { original: '/api/files/original.jpg', thumbnail: null, draft: null, additional: null },
    finalPicture: null,
    completed: { picture: null },
    refuseReason: null,
    finance: { costForExecutor: 7 },
    persons: [],
    processing: [],
    currentProcessing: null,
    ...overrides,
  };
}

/** Logs in staff holding `signs` (showAdmin and lookOrders unless told) and answers the calls given. */
function openAdmin(path: string, answers: Record<string, MockAnswer | (() => MockAnswer)>, signs = [0, 4]) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: signs.map((sign) => ({ sign, status: true })) },
    ...answers,
  });
  return { ...renderApp(path), ...api };
}

const socket = () => FakeSocket.created.at(-1)!;
const listenerCount = (event: string) => socket().listeners.get(event)?.size ?? 0;
const serverEmit = (event: string, payload: unknown) => act(() => socket().serverEmit(event, payload));
const rowOf = (id: string) => within(document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!);
const statusOf = (id: string) => rowOf(id).getByText(/./, { selector: '.ant-tag' }).textContent;

beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/orders-page');
  await import('@/pages/admin/order-info-page');
});

describe('the orders table, live', () => {
  /** The server's page: o-work is delivered once `delivered` is set; o-fresh exists once `created` is. */
  function openTable() {
    const server = { delivered: false, created: false };
    const view = openAdmin('/admin/orders', {
      [`GET ${ORDERS_PATH}`]: () => {
        const rows = [
          aRow('o-work', {
            condition: server.delivered ? OrderCondition.done : OrderCondition.inWork,
            dateStart: new Date().toISOString(),
          }),
          aRow('o-old', { condition: OrderCondition.cancelled }),
        ];
        if (server.created) rows.unshift(aRow('o-fresh'));
        return { body: { orders: rows, total: rows.length } };
      },
    });
    return { ...view, server, pageLoads: () => view.callsTo('GET', ORDERS_PATH).length };
  }

  it("updates a shown order's row on 'change orders', without a reload", async () => {
    const { server, pageLoads } = openTable();
    await screen.findByText('o-work');
    expect(statusOf('o-work')).toMatch(new RegExp(`^${AdminOrdersUiText.inProgress}`));
    expect(rowOf('o-work').getByText(AdminOrdersUiText.tipPending)).toBeInTheDocument();

    server.delivered = true;
    serverEmit(SocketEvent.changeOrders, { orderId: 'o-work', condition: OrderCondition.done });
    await waitFor(() => expect(statusOf('o-work')).toBe(AdminOrdersUiText.completed));
    expect(rowOf('o-work').getByText(AdminOrdersUiText.noTip)).toBeInTheDocument();
    expect(pageLoads()).toBe(2);
  });

  it('loads nothing for a change of an order the page does not show', async () => {
    const { pageLoads, queryClient } = openTable();
    await screen.findByText('o-work');
    serverEmit(SocketEvent.changeOrders, { orderId: 'elsewhere', condition: OrderCondition.done });
    serverEmit(SocketEvent.changeOrders, { condition: OrderCondition.done });
    // A later event that does reload shows that the ones before it were heard and let go.
    serverEmit(SocketEvent.changeOrders, { orderId: 'o-old', condition: OrderCondition.cancelled });
    await waitFor(() => expect(pageLoads()).toBe(2));
    // Every reload starts as its event is heard: with nothing left loading, no other one came.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(pageLoads()).toBe(2);
  });

  it('reloads a page filtered by status on any change: the changed order may join it', async () => {
    let completed = [aRow('o-done', { condition: OrderCondition.done })];
    const view = openAdmin('/admin/orders?status=completed', {
      [`GET ${ORDERS_PATH}`]: () => ({ body: { orders: completed, total: completed.length } }),
    });
    await screen.findByText('o-done');
    completed = [aRow('o-work', { condition: OrderCondition.done }), ...completed];
    serverEmit(SocketEvent.changeOrders, { orderId: 'o-work', condition: OrderCondition.done });
    expect(await screen.findByText('o-work')).toBeInTheDocument();
    expect(view.callsTo('GET', ORDERS_PATH)).toHaveLength(2);
  });

  it("shows a new order on page 1 of the newest first on 'new order'", async () => {
    const { server } = openTable();
    await screen.findByText('o-work');
    server.created = true;
    serverEmit(SocketEvent.newOrder, { orderId: 'o-fresh' });
    expect(await screen.findByText('o-fresh')).toBeInTheDocument();
    expect(statusOf('o-fresh')).toBe(AdminOrdersUiText.lookingForDesigner);
  });

  it('stops listening once the table is left', async () => {
    const { router } = openTable();
    await screen.findByText('o-work');
    expect(listenerCount(SocketEvent.changeOrders)).toBe(1);
    expect(listenerCount(SocketEvent.newOrder)).toBe(1);
    // A screen that hears no order events (the dashboard at /admin does).
    await act(() => router.navigate('/admin/site-settings'));
    await waitFor(() => expect(screen.queryByText('o-work')).not.toBeInTheDocument());
    expect(listenerCount(SocketEvent.changeOrders)).toBe(0);
    expect(listenerCount(SocketEvent.newOrder)).toBe(0);
  });

  it('does not listen for a viewer without lookOrders', async () => {
    openAdmin('/admin/orders', {}, [0]);
    expect(await screen.findByText(AdminText.noAccess)).toBeInTheDocument();
    expect(listenerCount(SocketEvent.changeOrders)).toBe(0);
    expect(listenerCount(SocketEvent.newOrder)).toBe(0);
  });
});

describe('the order details, live', () => {
  function openDetails() {
    const server = {
      condition: OrderCondition.resultReview as number,
      otherCondition: OrderCondition.new as number,
    };
    const view = openAdmin('/admin/info/order/order-1', {
      [`GET ${ORDER_PATH}`]: () => ({ body: anOrder({ condition: server.condition }) }),
      'GET /api/admin/user/info/client-1': { body: clientInfo },
      [`GET ${CLIENT_ORDERS_PATH}`]: () => ({
        body: { orders: [aRow('order-1'), aRow('order-0', { condition: server.otherCondition })] },
      }),
    });
    const loads = (path: string) => view.callsTo('GET', path).length;
    return { ...view, server, loads };
  }
  const orderCard = () =>
    within(screen.getByText(`${AdminOrdersUiText.order} order-1`).closest<HTMLElement>('.ant-card')!);
  const shown = async () => {
    await screen.findByText(`${AdminOrdersUiText.order} order-1`);
    await screen.findByRole('button', { name: AdminOrdersRowLabel.openOrder('order-0') });
  };

  it("refreshes the open order on its 'change orders': status, and no cancel once finished", async () => {
    const { server, loads } = openDetails();
    await shown();
    expect(screen.getByRole('button', { name: AdminOrdersUiText.cancelOrder })).toBeInTheDocument();

    server.condition = OrderCondition.done;
    serverEmit(SocketEvent.changeOrders, { orderId: 'order-1', condition: OrderCondition.done });
    await waitFor(() => expect(orderCard().getByText(AdminOrdersUiText.completed)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: AdminOrdersUiText.cancelOrder })).not.toBeInTheDocument();
    expect(loads(ORDER_PATH)).toBe(2);
    // The client's list holds this order only to leave it out: it is not reloaded for it.
    expect(loads(CLIENT_ORDERS_PATH)).toBe(1);
  });

  it("reloads only the client's list for another order of the client, nothing for a stranger's", async () => {
    const { server, loads } = openDetails();
    await shown();
    serverEmit(SocketEvent.changeOrders, { orderId: 'stranger', condition: OrderCondition.done });
    serverEmit(SocketEvent.newOrder, { orderId: 'stranger' });

    server.otherCondition = OrderCondition.cancelled;
    serverEmit(SocketEvent.changeOrders, { orderId: 'order-0', condition: OrderCondition.cancelled });
    await waitFor(() =>
      expect(
        rowOf('order-0').getByText(AdminOrdersUiText.cancelled, { selector: '.ant-tag' }),
      ).toBeInTheDocument(),
    );
    expect(loads(CLIENT_ORDERS_PATH)).toBe(2);
    expect(loads(ORDER_PATH)).toBe(1);
  });

  it('stops listening once the details are left', async () => {
    const { router } = openDetails();
    await shown();
    expect(listenerCount(SocketEvent.changeOrders)).toBe(1);
    // A screen that hears no order events (the dashboard at /admin does).
    await act(() => router.navigate('/admin/site-settings'));
    await waitFor(() =>
      expect(screen.queryByText(`${AdminOrdersUiText.order} order-1`)).not.toBeInTheDocument(),
    );
    expect(listenerCount(SocketEvent.changeOrders)).toBe(0);
    expect(listenerCount(SocketEvent.newOrder)).toBe(0);
  });
});
