import { SOCKET_MAX_CONNECT_ERRORS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderHistoryText } from '@/features/order-history/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { LiveUpdatesText } from '@/components/live-updates-offline';

const ORDERS_PATH = '/api/orders/user/';

async function openHistoryConnected() {
  setSessionFlags({ isAdmin: false });
  const api = mockFetch({
    'GET /api/user/info': { body: aUser() },
    [`GET ${ORDERS_PATH}`]: { body: { orders: [], total: 0 } },
  });
  const view = renderApp('/history');
  await screen.findByText(OrderHistoryText.empty);
  await waitFor(() => expect(FakeSocket.created.at(-1)?.connect).toHaveBeenCalled());
  const socket = FakeSocket.created.at(-1)!;
  act(() => socket.serverEmit('connect'));
  return { ...view, ...api, socket };
}

/** The server stays out of reach until the client gives up (customer side, section 7: after 5 errors). */
function failEveryConnect(socket: FakeSocket) {
  for (let attempt = 0; attempt < SOCKET_MAX_CONNECT_ERRORS; attempt += 1) {
    act(() => socket.serverEmit('connect_error', new Error('xhr poll error')));
  }
}

// Walk of issue 36: after 'Failed to connect to the server' nothing on screen said the live updates had
// stopped. The specification's notice stays; the state is shown beside it, with a way back.
describe('live updates of a logged-in customer', () => {
  it("says the live updates stopped once the client gave up, beside the specification's notice", async () => {
    const { socket } = await openHistoryConnected();
    expect(screen.queryByText(LiveUpdatesText.stopped)).not.toBeInTheDocument();

    failEveryConnect(socket);
    expect(await screen.findByText(CustomerText.failedToConnect)).toBeInTheDocument();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(await screen.findByText(LiveUpdatesText.stopped)).toBeVisible();
    expect(screen.getByRole('button', { name: LiveUpdatesText.reconnect })).toBeEnabled();
  });

  it('connects again on Reconnect, reloads what the page shows and hides the notice once connected', async () => {
    const { socket, user, callsTo } = await openHistoryConnected();
    await waitFor(() => expect(callsTo('GET', ORDERS_PATH).length).toBeGreaterThan(0));
    failEveryConnect(socket);
    const connects = socket.connect.mock.calls.length;
    const loads = callsTo('GET', ORDERS_PATH).length;

    await user.click(await screen.findByRole('button', { name: LiveUpdatesText.reconnect }));
    expect(socket.connect).toHaveBeenCalledTimes(connects + 1);
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(screen.queryByText(LiveUpdatesText.stopped)).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('GET', ORDERS_PATH).length).toBeGreaterThan(loads));
  });

  it('says nothing while socket.io is still trying by itself', async () => {
    const { socket } = await openHistoryConnected();
    act(() => socket.serverEmit('connect_error', new Error('xhr poll error')));
    expect(await screen.findByText(CustomerText.attemptingToReconnect)).toBeInTheDocument();
    expect(screen.queryByText(LiveUpdatesText.stopped)).not.toBeInTheDocument();
  });
});
