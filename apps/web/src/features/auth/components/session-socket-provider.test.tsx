import { SOCKET_PATH, SOCKET_RECONNECT_DELAY_MS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/fixtures';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { setSessionFlags } from '../stores/session-flags';

function openLoggedIn(authCheck: { status: number; body: unknown }) {
  setSessionFlags({ isAdmin: false });
  const api = mockFetch({ 'GET /api/user/info': { body: aUser() }, 'GET /api/auth/check': authCheck });
  const view = renderApp('/');
  return { ...view, ...api };
}

const liveSocket = () => {
  const socket = FakeSocket.created.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
};

describe('realtime connection of a logged-in user', () => {
  it('opens no socket for a visitor', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    expect(FakeSocket.created).toHaveLength(0);
  });

  it('connects to the host with the specification settings', async () => {
    openLoggedIn({ status: 200, body: {} });
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    expect(liveSocket().options).toMatchObject({
      path: SOCKET_PATH,
      withCredentials: true,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    });
  });

  it('reconnects after a 401 when the auth check still passes', async () => {
    const { callsTo } = openLoggedIn({ status: 200, body: { loggedIn: true, isAdmin: false, role: 'User' } });
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalledTimes(1));
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalledTimes(2));
    expect(liveSocket().disconnect).toHaveBeenCalled();
    expect(callsTo('GET', '/api/auth/check')).toHaveLength(1);
  });

  it('logs out here and goes to /login when the auth check fails', async () => {
    const { location } = openLoggedIn({ status: 401, body: { message: 'You are not logged in' } });
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(localStorage.getItem('retouch.loggedIn')).toBeNull();
  });

  it('shows the connection notices of the specification', async () => {
    openLoggedIn({ status: 200, body: {} });
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('connect_error', new Error('xhr poll error')));
    expect(await screen.findByText(CustomerText.attemptingToReconnect)).toBeInTheDocument();
    act(() => liveSocket().serverEmit('warn', { message: 'Work may be a little delayed' }));
    expect(await screen.findByText('Work may be a little delayed')).toBeInTheDocument();
  });
});
