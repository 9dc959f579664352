import { DispatchText, TimeExtensionCode } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncerProvider, LiveRegionId } from '@/lib/live-announcer';
import { createQueryClient } from '@/lib/query-client';
import type { AppSocket } from '@/lib/socket';
import { SocketContext } from '@/lib/socket-context';
import { FakeSocket } from '@/test/fake-socket';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { DesignerText } from '../texts';
import { DesignerCabinetProvider } from './designer-cabinet-provider';
import { DutyControls } from './duty-controls';
import { toldOnce } from '@/test/told-once';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
/** An hour's order started 50 min 30 s ago: 9 min 30 s are left before its hard deadline. */
const order = aStaffOrder({
  executionTime: 60,
  dateStart: new Date(NOW - (50 * 60 + 30) * 1000).toISOString(),
});

const region = (id: string) => document.getElementById(id)!;

function renderCabinet() {
  const socket = new FakeSocket('', {});
  const emit = vi.fn();
  Object.assign(socket, { emit, connected: true, active: true });
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <SocketContext value={socket as unknown as AppSocket}>
          <LiveAnnouncerProvider>
            <DesignerCabinetProvider designer={false}>
              <DutyControls />
            </DesignerCabinetProvider>
          </LiveAnnouncerProvider>
        </SocketContext>
      </App>
    </QueryClientProvider>,
  );
  const serverSends = (event: string, payload?: unknown) => act(() => socket.serverEmit(event, payload));
  // The cabinet's own controls, apart from antd's notifications in their portal.
  const page = within(container);
  return { socket, emit, serverSends, page };
}

beforeEach(() => vi.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => vi.restoreAllMocks());

describe('DesignerCabinetProvider for screen readers', () => {
  it('tells an order arrived once, in an alert, the live regions being in the page before it', async () => {
    const { serverSends } = renderCabinet();
    const polite = region(LiveRegionId.polite);
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(polite).toHaveTextContent('');

    serverSends(SocketEvent.orderForExecutor, order);
    await toldOnce(DispatchText.orderReceived);
  });

  it('says at the extension offer that it was offered and how long is left, once, not every second', () => {
    const { serverSends } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    const timer = screen.getByText(DesignerText.timeLeft).closest<HTMLElement>('.ant-statistic')!;
    expect(timer.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();

    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.offer,
      message: DispatchText.extensionOffer,
    });
    const assertive = region(LiveRegionId.assertive);
    expect(assertive).toHaveTextContent(
      'Предложено продлить время заказа на 10 минут. Осталось времени: 9 минут 30 секунд. ' +
        'Нажмите «Продлить» в течение 60 секунд.',
    );
  });

  it('offers the extension beside the countdown too, where the keyboard reaches it, and says it was extended', async () => {
    const user = userEvent.setup();
    const { emit, serverSends, page } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    expect(page.queryByRole('button', { name: DesignerText.extend })).not.toBeInTheDocument();
    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.offer,
      message: DispatchText.extensionOffer,
    });

    await user.tab();
    expect(page.getByRole('button', { name: DesignerText.extend })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(emit).toHaveBeenCalledWith(SocketEvent.timeExtension);
    expect(page.queryByRole('button', { name: DesignerText.extend })).not.toBeInTheDocument();

    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.extended,
      message: DispatchText.extended,
    });
    await toldOnce(DispatchText.extended);
  });

  it('tells once that the order was taken away when staff cancelled it', async () => {
    const { serverSends } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    serverSends(SocketEvent.orderCancelled, { orderId: order._id, message: 'Заказ отменён администратором' });
    await toldOnce('Заказ отменён администратором');
  });

  it('says the connection was lost while searching and that it is back', async () => {
    const user = userEvent.setup();
    const { serverSends } = renderCabinet();
    await user.click(screen.getByRole('button', { name: DesignerText.goOnDuty }));
    serverSends('disconnect', 'transport close');
    expect(region(LiveRegionId.polite)).toHaveTextContent(DesignerText.searchPaused);
    serverSends('connect');
    expect(region(LiveRegionId.polite)).toHaveTextContent(DesignerText.connectionRestored);
  });
});
