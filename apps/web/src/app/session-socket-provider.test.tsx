import { SOCKET_PATH, SOCKET_RECONNECT_DELAY_MS } from '@retouch/shared/constants';
import { SocketEvent } from '@retouch/shared/realtime';
import { AdminText, CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearSessionFlags,
  currentExitPath,
  setExitPath,
  setSessionFlags,
} from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

function openLoggedIn(authCheck: { status: number; body: unknown }, path = '/') {
  setSessionFlags({ isAdmin: false });
  const api = mockFetch({ 'GET /api/user/info': { body: aUser() }, 'GET /api/auth/check': authCheck });
  const view = renderApp(path);
  return { ...view, ...api };
}

const liveSocket = () => {
  const socket = FakeSocket.created.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
};

describe('realtime connection of a logged-in user', () => {
  // First in the file: the login page must not be loaded yet, as in a browser that arrived at /profile.
  it('leaves a guarded page for exactly /login when the session ends', async () => {
    const { location } = openLoggedIn(
      { status: 401, body: { message: 'You are not logged in' } },
      '/profile',
    );
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(location()).toMatchObject({ pathname: '/login', search: '' });
  });

  // First in the file: the landing page must not be loaded yet, as in a browser that arrived at /profile.
  it('leaves a guarded page for the exit path too, not for its login redirect', async () => {
    const { location } = openLoggedIn(
      { status: 401, body: { message: 'You are not logged in' } },
      '/profile',
    );
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    setExitPath('/');
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location().pathname).toBe('/');
    expect(currentExitPath()).toBeNull();
  });

  it('stays where an account deletion went when the socket notice is answered after it', async () => {
    setSessionFlags({ isAdmin: false });
    const { fetchMock } = mockFetch({ 'GET /api/user/info': { body: aUser() } });
    const answered = fetchMock.getMockImplementation()!;
    let answerCheck: (() => void) | undefined;
    fetchMock.mockImplementation((input, init) => {
      if (!String(input).includes('/api/auth/check')) return answered(input, init);
      return new Promise<Response>((resolve) => {
        answerCheck = () =>
          resolve(
            new Response(JSON.stringify({ message: 'You are not logged in' }), {
              status: 401,
              headers: { 'Content-Type': 'application/json' },
            }),
          );
      });
    });
    const { location } = renderApp('/profile');
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    setExitPath('/');
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(answerCheck).toBeDefined());
    // While the auth check is on its way, the deletion's answer arrives and the page leaves for /.
    act(() => clearSessionFlags());
    await waitFor(() => expect(location().pathname).toBe('/'));
    await act(async () => {
      answerCheck!();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(location().pathname).toBe('/');
  });

  it('refetches what the page shows after a reconnect (events sent in the gap are lost), not on the first connect', async () => {
    const { callsTo, queryClient } = openLoggedIn(
      { status: 200, body: { loggedIn: true, isAdmin: false, role: 'User' } },
      '/profile',
    );
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('connect'));
    // The profile page is shown: its data and the header's are loaded.
    await screen.findByDisplayValue(aUser().name.giveName);
    await waitFor(() => expect(callsTo('GET', '/api/user/info').length).toBeGreaterThan(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const loaded = callsTo('GET', '/api/user/info').length;
    act(() => liveSocket().serverEmit('disconnect', 'transport close'));
    act(() => liveSocket().serverEmit('connect'));
    await waitFor(() => expect(callsTo('GET', '/api/user/info').length).toBe(loaded + 1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(callsTo('GET', '/api/user/info')).toHaveLength(loaded + 1);
  });

  it('refetches what the page shows when the server says events may have been missed, the socket connected', async () => {
    const { callsTo, queryClient } = openLoggedIn(
      { status: 200, body: { loggedIn: true, isAdmin: false, role: 'User' } },
      '/profile',
    );
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('connect'));
    await screen.findByDisplayValue(aUser().name.giveName);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const loaded = callsTo('GET', '/api/user/info').length;
    act(() => liveSocket().serverEmit(SocketEvent.refetch));
    await waitFor(() => expect(callsTo('GET', '/api/user/info').length).toBe(loaded + 1));
  });

  // The socket's code loads after the page (issue 20): a page may show data read before the socket joined
  // its rooms, and a change told in between was lost (a customer's history stayed "in work").
  it('refetches on the first connect what the page loaded before it', async () => {
    const { callsTo, queryClient } = openLoggedIn(
      { status: 200, body: { loggedIn: true, isAdmin: false, role: 'User' } },
      '/profile',
    );
    await screen.findByDisplayValue(aUser().name.giveName);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const loaded = callsTo('GET', '/api/user/info').length;
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('connect'));
    await waitFor(() => expect(callsTo('GET', '/api/user/info').length).toBe(loaded + 1));
  });

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

  it('goes to the exit path a page set instead of /login, once (an account deletion goes to /)', async () => {
    const { location } = openLoggedIn({ status: 401, body: { message: 'You are not logged in' } });
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    setExitPath('/portfolio');
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    await waitFor(() => expect(location().pathname).toBe('/portfolio'));
    expect(currentExitPath()).toBeNull();
  });

  it('tells a failed auth check after a 401 in Russian on a back-office page', async () => {
    openLoggedIn({ status: 500, body: {} }, '/admin/no-such-screen');
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('errors', { status: 401, message: 'Unauthorized' }));
    expect(await screen.findByText(AdminText.somethingWrong)).toBeInTheDocument();
    expect(screen.getByText(AdminText.error)).toBeInTheDocument();
    expect(screen.queryByText(CustomerText.somethingWrong)).not.toBeInTheDocument();
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
