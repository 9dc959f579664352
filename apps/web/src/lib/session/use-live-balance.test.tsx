import { SocketEvent } from '@retouch/shared/realtime';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { setSessionFlags } from './session-flags';

const header = () => within(screen.getByRole('banner'));

function openLoggedIn() {
  setSessionFlags({ isAdmin: false });
  const server = { balance: { main: 5, bonus: 20 } };
  const api = mockFetch({ 'GET /api/user/info': () => ({ body: aUser({ balance: server.balance }) }) });
  return { ...renderApp('/'), ...api, server };
}

describe('live balance', () => {
  it('shows the balance of a `balance` socket event in the header at once', async () => {
    const { fetchMock } = openLoggedIn();
    expect(await header().findByTestId('balance-main')).toHaveTextContent('5');
    // The reload never answers: the header can only show the event's balance.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith('/api/user/info')
        ? new Promise<Response>(() => undefined)
        : answer(input, init),
    );

    act(() => FakeSocket.created.at(-1)!.serverEmit(SocketEvent.balance, { main: 105, bonus: 70 }));

    await waitFor(() => expect(header().getByTestId('balance-main')).toHaveTextContent('105'));
    expect(header().getByTestId('balance-bonus')).toHaveTextContent('70');
  });

  it('then reloads the user from the server', async () => {
    const { server, callsTo } = openLoggedIn();
    expect(await header().findByTestId('balance-main')).toHaveTextContent('5');

    server.balance = { main: 105, bonus: 70 };
    act(() => FakeSocket.created.at(-1)!.serverEmit(SocketEvent.balance, server.balance));

    await waitFor(() => expect(callsTo('GET', '/api/user/info')).toHaveLength(2));
    expect(header().getByTestId('balance-main')).toHaveTextContent('105');
  });

  it('ignores a payload that is not a balance', async () => {
    const { callsTo } = openLoggedIn();
    expect(await header().findByTestId('balance-main')).toHaveTextContent('5');
    act(() => FakeSocket.created.at(-1)!.serverEmit(SocketEvent.balance, { main: 'lots' }));
    // Long enough for a cache update or a reload to show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(header().getByTestId('balance-main')).toHaveTextContent('5');
    expect(callsTo('GET', '/api/user/info')).toHaveLength(1);
  });
});
