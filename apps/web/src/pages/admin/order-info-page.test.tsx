import type { AdminOrderRow, AdminUserInfo } from '@retouch/shared/admin-orders';
import type { StaffOrder, StaffProcessingStep } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { AdminText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { StaffOrderText } from '@/components/staff-order/texts';
import { AdminOrdersRowLabel, AdminOrdersUiText } from '@/features/admin-orders/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { catchDownloads } from '@/test/saved-downloads';
import { aStaffOrder, staffOrderClient } from '@/test/staff-order-fixtures';

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const client = staffOrderClient;
const clientInfo: AdminUserInfo = {
  ...client,
  balance: { main: 5, bonus: 20 },
  role: { title: 'User' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

const step: StaffProcessingStep = {
  _id: 'step-1',
  createdAt: '2026-11-01T10:10:00.000Z',
  executor: {
    _id: 'designer-1',
    email: 'designer@retouch.local',
    dateStart: '2026-11-01T10:10:00.000Z',
    dateEnd: '2026-11-01T10:40:00.000Z',
    timeExtension: false,
    result: { status: 1, picture: '/api/files/result.jpg', reason: null },
  },
  client: null,
  review: {
    _id: 'moderator-1',
    email: 'moderator@retouch.local',
    dateStart: '2026-11-01T10:41:00.000Z',
    dateEnd: '2026-11-01T10:45:00.000Z',
    result: { status: 0, picture: '/api/files/fix.png', message: 'Мягче тени' },
  },
};

function anOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return aStaffOrder({
    persons: [
      {
        id: 'Person 1',
        orders: [
          {
            _id: 'skin',
            ref: 'skin',
            serviceId: 'skin',
            isOptional: false,
            title: { admin: 'Ретушь кожи', user: 'Skin retouch' },
            description: { admin: 'Убрать дефекты', user: 'Remove blemishes' },
            instruction: 'Сохранить текстуру',
            picture: '/api/files/skin.webp',
            degreeAction: [{ _id: 'strong', title: { admin: 'Сильно', user: 'Strong' } }],
            cost: 12,
            designerPrice: 7,
            active: true,
            edited: false,
          },
        ],
      },
    ],
    processing: [step],
    currentProcessing: null,
    ...overrides,
  });
}

const row = (id: string, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  _id: id,
  createdAt: '2026-10-20T09:00:00.000Z',
  client,
  cost: 8,
  tip: 0,
  condition: OrderCondition.done,
  executionTime: 30,
  dateStart: null,
  ...overrides,
});
const clientOrders = [row('order-1', { condition: OrderCondition.fixing }), row('order-0'), row('order-00')];

function openDetails(answers: Record<string, MockAnswer | (() => MockAnswer)> = {}, order = anOrder()) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: [0, 4].map((sign) => ({ sign, status: true })) },
    'GET /api/admin/orders/order/order-1': { body: order },
    'GET /api/admin/orders/order/order-0': { body: anOrder({ _id: 'order-0', condition: 6 }) },
    'GET /api/admin/user/info/client-1': { body: clientInfo },
    'GET /api/admin/orders/user/client-1': { body: { orders: clientOrders } },
    ...answers,
  });
  return { ...renderApp('/admin/info/order/order-1'), ...api };
}

const shown = () => screen.findByText(`${AdminOrdersUiText.order} order-1`);
const card = (title: string) => within(screen.getByText(title).closest<HTMLElement>('.ant-card')!);

beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/order-info-page');
});

describe('/admin/info/order/{id}', () => {
  it('shows the client with balance, date dd.mm.yyyy, total, the pictures compared, persons and history', async () => {
    openDetails();
    await shown();
    const clientCard = card(AdminOrdersUiText.client);
    expect(clientCard.getByText('Ann Lee')).toBeInTheDocument();
    expect(clientCard.getByText('ann@example.com')).toBeInTheDocument();
    expect(
      await clientCard.findByText(
        `${AdminOrdersUiText.balanceMain}: 5 · ${AdminOrdersUiText.balanceBonus}: 20`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('01.11.2026')).toBeInTheDocument();
    expect(card(`${AdminOrdersUiText.order} order-1`).getByText('12')).toBeInTheDocument();
    // No final picture yet: the original is compared with the draft, labelled in Russian as the screen.
    expect(screen.getByRole('img', { name: 'До' })).toHaveAttribute('src', '/api/files/original.jpg');
    expect(screen.getByRole('img', { name: 'После' })).toHaveAttribute('src', '/api/files/draft.png');
    expect(screen.getByText('До')).toBeInTheDocument();
    expect(screen.getByText('После')).toBeInTheDocument();

    const persons = card(StaffOrderText.persons);
    expect(persons.getByText('Ретушь кожи')).toBeInTheDocument();
    expect(persons.getByText('Сильно')).toBeInTheDocument();
    const history = card(StaffOrderText.history);
    expect(history.getByText('designer@retouch.local')).toBeInTheDocument();
    expect(history.getByText(StaffOrderText.resultCompleted)).toBeInTheDocument();
    expect(history.getByText(StaffOrderText.reviewFixed)).toBeInTheDocument();
    expect(history.getByText('Мягче тени')).toBeInTheDocument();
  });

  // Tips are tokens, as the customer pays them; analytics shows its tips in dollars (back office section 9).
  it("says the total and the tips are in tokens, in the order and in the client's other orders", async () => {
    openDetails({}, anOrder({ condition: OrderCondition.doneTipped, tip: 25 }));
    await shown();
    const summary = card(`${AdminOrdersUiText.order} order-1`);
    expect(summary.getByText(/^Итого.*токен/)).toBeInTheDocument();
    expect(summary.getByText(/^Чаевые.*токен/)).toBeInTheDocument();
    expect(summary.getByText('25')).toBeInTheDocument();
    const list = card(AdminOrdersUiText.clientOrders);
    await list.findByRole('button', { name: AdminOrdersRowLabel.openOrder('order-0') });
    const headers = list.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.filter((header) => /токен/.test(header ?? ''))).toHaveLength(2);
    expect(card(AdminOrdersUiText.client).getByText(/^Баланс.*токен/)).toBeInTheDocument();
  });

  it('compares the original with the final picture once there is one', async () => {
    openDetails({}, anOrder({ condition: OrderCondition.done, finalPicture: '/api/files/final.jpg' }));
    await shown();
    expect(screen.getByRole('img', { name: 'После' })).toHaveAttribute('src', '/api/files/final.jpg');
  });

  it("lists the client's other orders (41 asked for, this one left out) and opens one on a click", async () => {
    const { user, location, calls } = openDetails();
    await shown();
    const list = card(AdminOrdersUiText.clientOrders);
    expect(
      await list.findByRole('button', { name: AdminOrdersRowLabel.openOrder('order-0') }),
    ).toBeInTheDocument();
    expect(list.getByRole('button', { name: AdminOrdersRowLabel.openOrder('order-00') })).toBeInTheDocument();
    expect(
      list.queryByRole('button', { name: AdminOrdersRowLabel.openOrder('order-1') }),
    ).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/admin/orders/user/client-1?limit=41')).toBe(true);

    await user.click(list.getByRole('button', { name: AdminOrdersRowLabel.openOrder('order-0') }));
    expect(location().pathname).toBe('/admin/info/order/order-0');
    expect(await screen.findByText(`${AdminOrdersUiText.order} order-0`)).toBeInTheDocument();
  });

  it('cancels an unfinished order after a confirmation, hiding the tables meanwhile', async () => {
    let cancelled = false;
    const { user, callsTo } = openDetails({
      'GET /api/admin/orders/order/order-1': () => ({
        body: anOrder(cancelled ? { condition: OrderCondition.cancelled } : {}),
      }),
      'POST /api/admin/orders/order/order-1/cancel': () => {
        cancelled = true;
        return {
          body: {
            message: 'Заказ отменён, токены возвращены клиенту',
            condition: 9,
            refunded: { main: 0, bonus: 12 },
          },
        };
      },
    });
    await shown();
    await screen.findByRole('button', { name: AdminOrdersRowLabel.openOrder('order-0') });
    expect(card(StaffOrderText.history).getAllByRole('table').length).toBeGreaterThan(0);
    expect(card(AdminOrdersUiText.clientOrders).getAllByRole('table').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: AdminOrdersUiText.cancelOrder }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(AdminOrdersUiText.cancelConfirmText)).toBeInTheDocument();
    expect(screen.queryByText(StaffOrderText.history)).not.toBeInTheDocument();
    expect(card(AdminOrdersUiText.clientOrders).queryByRole('table')).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/order/order-1/cancel')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: AdminOrdersUiText.cancelConfirm }));
    expect(await screen.findByText('Заказ отменён, токены возвращены клиенту')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/orders/order/order-1/cancel')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: AdminOrdersUiText.cancelOrder })).not.toBeInTheDocument(),
    );
    expect(
      card(`${AdminOrdersUiText.order} order-1`).getByText(AdminOrdersUiText.cancelled),
    ).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is dismissed', async () => {
    const { user, callsTo } = openDetails();
    await shown();
    await user.click(screen.getByRole('button', { name: AdminOrdersUiText.cancelOrder }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: AdminOrdersUiText.cancelDismiss,
      }),
    );
    await waitFor(() =>
      expect(card(AdminOrdersUiText.clientOrders).getAllByRole('table').length).toBeGreaterThan(0),
    );
    expect(card(StaffOrderText.history).getAllByRole('table').length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/admin/orders/order/order-1/cancel')).toHaveLength(0);
  });

  it('offers no cancel for a finished order', async () => {
    openDetails({}, anOrder({ condition: OrderCondition.doneTipped, tip: 5 }));
    await shown();
    expect(screen.queryByRole('button', { name: AdminOrdersUiText.cancelOrder })).not.toBeInTheDocument();
  });

  it('downloads the original and the draft as blobs named image.jpg; a failed download is only logged', async () => {
    const { saved, revoked, logged } = catchDownloads();
    const { user, callsTo } = openDetails({
      'GET /api/files/original.jpg': { body: 'jpeg bytes' },
      'GET /api/files/draft.png': { status: 404 },
    });
    await shown();
    await user.click(screen.getByRole('button', { name: AdminOrdersUiText.downloadOriginal }));
    await waitFor(() => expect(saved).toEqual(['image.jpg']));
    expect(callsTo('GET', '/api/files/original.jpg')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: AdminOrdersUiText.downloadDraft }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(callsTo('GET', '/api/files/draft.png')).toHaveLength(1);
    expect(
      screen.queryByText(AdminText.error, { selector: '.ant-notification-notice-title' }),
    ).not.toBeInTheDocument();
    expect(revoked).toHaveBeenCalledWith('blob:picture-1');
    expect(saved).toEqual(['image.jpg']);
  });

  it("tells a failed load as 'Что-то пошло не так!' titled 'Ошибка'", async () => {
    openDetails({
      'GET /api/admin/orders/order/order-1': { status: 404, body: { message: 'Заказ не найден' } },
    });
    const title = await screen.findByText(AdminText.error, { selector: '.ant-notification-notice-title' });
    const notice = within(title.closest<HTMLElement>('.ant-notification-notice')!);
    expect(notice.getByText(AdminText.somethingWrong)).toBeInTheDocument();
  });
});
