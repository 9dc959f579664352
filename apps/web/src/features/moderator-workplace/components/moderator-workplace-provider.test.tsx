import { SocketEvent } from '@retouch/shared/realtime';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LiveAnnouncerProvider, LiveRegionId } from '@/lib/live-announcer';
import type { AppSocket } from '@/lib/socket';
import { SocketContext } from '@/lib/socket-context';
import { FakeSocket } from '@/test/fake-socket';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { ModeratorText } from '../texts';
import { DutyControls } from './duty-controls';
import { ModeratorWorkplaceProvider } from './moderator-workplace-provider';
import { toldOnce } from '@/test/told-once';

const polite = () => document.getElementById(LiveRegionId.polite)!;

function renderWorkplace() {
  const socket = new FakeSocket('', {});
  Object.assign(socket, { emit: vi.fn(), connected: true, active: true });
  render(
    <App>
      <SocketContext value={socket as unknown as AppSocket}>
        <LiveAnnouncerProvider>
          <ModeratorWorkplaceProvider>
            <DutyControls canReview />
          </ModeratorWorkplaceProvider>
        </LiveAnnouncerProvider>
      </SocketContext>
    </App>,
  );
  return (event: string, payload?: unknown) => act(() => socket.serverEmit(event, payload));
}

describe('ModeratorWorkplaceProvider for screen readers', () => {
  it('tells an order for review arrived, and that staff took it away, each once, in an alert', async () => {
    const serverSends = renderWorkplace();
    expect(polite()).toBeEmptyDOMElement();
    serverSends(SocketEvent.orderForReview, aStaffOrder());
    await toldOnce(ModeratorText.orderArrived);

    serverSends(SocketEvent.orderCancelled, { orderId: 'order-1', message: 'Заказ отменён администратором' });
    await toldOnce('Заказ отменён администратором');
  });

  it('says a lost and restored connection while on duty (shown as plain text, not as an alert)', async () => {
    const user = userEvent.setup();
    const serverSends = renderWorkplace();
    await user.click(screen.getByRole('button', { name: ModeratorText.goOnDuty }));
    serverSends('disconnect', 'transport close');
    expect(polite()).toHaveTextContent(ModeratorText.connectionLost);
    serverSends('connect');
    expect(polite()).toHaveTextContent(ModeratorText.connectionRestored);
  });
});
