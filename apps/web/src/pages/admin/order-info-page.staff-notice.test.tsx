import { AdminOrdersText } from '@retouch/shared/admin-orders';
import { type CabinetSnapshot, DispatchText, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesignerText } from '@/features/designer-cabinet/texts';
import { ModeratorText } from '@/features/moderator-workplace/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { aStaffOrder } from '@/test/staff-order-fixtures';

/**
 * Cancel by staff from the order details, as the designer or moderator holding the order sees it: the
 * `order cancelled` event clears their order with a notice, and they search again.
 */
const staff = aUser({ email: 'staff@retouch.local', role: { title: 'Moderator' }, isAdmin: true });

const anOrder = (condition: number): StaffOrder => aStaffOrder({ condition });

const emitted = vi.fn();

beforeAll(async () => {
  Object.assign(FakeSocket.prototype, { emit: emitted });
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/design-page');
  await import('@/pages/admin/moder-page');
});
afterAll(() => {
  delete (FakeSocket.prototype as { emit?: unknown }).emit;
});
beforeEach(() => emitted.mockClear());

async function openScreen(path: '/admin/design' | '/admin/moder', goOnDuty: string) {
  setSessionFlags({ isAdmin: true });
  const shift = { startDate: new Date().toISOString() };
  // On shift, no order in hand yet: the designer cabinet reads this on connecting.
  const cabinet: CabinetSnapshot = { shift, order: null, extensionOffer: false, holderGraceSeconds: 60 };
  mockFetch({
    'GET /api/user/info': { body: staff },
    'GET /api/admin/permissions/user': { body: [0, 5, 6].map((sign) => ({ sign, status: true })) },
    'GET /api/executor/state': { body: cabinet },
    'GET /api/executor/shift': { body: shift },
    'GET /api/analytics/user': { status: 404, body: { message: 'Статистика не найдена' } },
    'GET /api/orders/reason': { body: [] },
    'GET /api/services': { body: [] },
  });
  renderApp(path, { userEventOptions: { delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never } });
  await screen.findByRole('button', { name: goOnDuty });
  // The socket's chunk loads apart from the screen's: on a loaded machine it came after the button.
  await waitFor(() => expect(FakeSocket.created.at(-1)?.connect).toHaveBeenCalled());
}

const serverSends = (event: string, payload?: unknown) =>
  act(() => FakeSocket.created.at(-1)!.serverEmit(event, payload));

async function findNotification(title: string) {
  const titles = await screen.findAllByText(title, { selector: '.ant-notification-notice-title' });
  return within(titles.at(-1)!.closest<HTMLElement>('.ant-notification-notice')!);
}

const cancelled = (orderId: string) => ({ orderId, message: AdminOrdersText.cancelledByStaff });

describe('an order cancelled by staff', () => {
  it('leaves the designer cabinet with a notice, and the designer searches again', async () => {
    await openScreen('/admin/design', DesignerText.goOnDuty);
    serverSends('order for executor', anOrder(OrderCondition.inWork));
    // What the screen shows, apart from what its live region says to screen readers.
    expect(
      await screen.findByText(DispatchText.orderReceived, { ignore: 'script, style, [aria-live]' }),
    ).toBeInTheDocument();
    expect(screen.getByText(DesignerText.inWork)).toBeInTheDocument();

    // Another order's cancel is not this designer's.
    serverSends('order cancelled', cancelled('order-2'));
    expect(screen.getByText(DesignerText.inWork)).toBeInTheDocument();

    serverSends('order cancelled', cancelled('order-1'));
    const notice = await findNotification(AdminText.warning);
    expect(notice.getByText(AdminOrdersText.cancelledByStaff)).toBeInTheDocument();
    expect(screen.queryByText(DesignerText.inWork)).not.toBeInTheDocument();
    expect(screen.getByText(DesignerText.searching)).toBeInTheDocument();
    expect(emitted).toHaveBeenLastCalledWith('executor find', true);
  });

  it('leaves the moderator workplace with a notice, and the moderator searches again', async () => {
    await openScreen('/admin/moder', ModeratorText.goOnDuty);
    serverSends('order for review', anOrder(OrderCondition.resultReview));
    expect(await screen.findByText(ModeratorText.decision)).toBeInTheDocument();

    serverSends('order cancelled', cancelled('order-1'));
    const notice = await findNotification(AdminText.warning);
    expect(notice.getByText(AdminOrdersText.cancelledByStaff)).toBeInTheDocument();
    expect(screen.queryByText(ModeratorText.decision)).not.toBeInTheDocument();
    expect(screen.getByText(ModeratorText.searching)).toBeInTheDocument();
    expect(emitted).toHaveBeenLastCalledWith('review find', true);
  });
});
