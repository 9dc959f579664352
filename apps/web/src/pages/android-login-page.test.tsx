import { SocketEvent } from '@retouch/shared/realtime';
import { SocialLoginText } from '@retouch/shared/social-login';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const HOOK = '/api/login/google/android';
const link = `?email=ann%40example.com&user_id=42&user_name=Ann&iat=1800000000&hash=${'ab'.repeat(32)}`;
const used = { status: 401, body: { message: SocialLoginText.androidLinkUsed } };

const liveSocket = () => {
  const socket = FakeSocket.created.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
};

/** The server as it is: the link signs in on its first use and is refused on any later one. */
function mockSingleUseHook() {
  const api = mockFetch({ 'GET /api/user/info': { body: aUser() } });
  const answered = api.fetchMock.getMockImplementation()!;
  let answerFirst: (() => void) | undefined;
  api.fetchMock.mockImplementation((input, init) => {
    if (!String(input).startsWith(HOOK)) return answered(input, init);
    api.calls.push({ method: 'GET', url: String(input), body: undefined, init });
    if (api.callsTo('GET', HOOK).length > 1) return Promise.resolve(Response.json(used.body, used));
    // The first use is answered when the test says so.
    return new Promise<Response>((resolve) => {
      answerFirst = () => resolve(Response.json(aUser()));
    });
  });
  return { ...api, answerFirst: () => answerFirst?.() };
}

describe('/login/android', () => {
  it('sends the link once, even when the socket connects while it is on its way, and goes to /core', async () => {
    // A browser already signed in: its socket opens with the page and re-reads what is loading at connect.
    setSessionFlags({ isAdmin: false });
    const { callsTo, answerFirst } = mockSingleUseHook();
    const { location } = renderApp(`/login/android${link}`);
    await waitFor(() => expect(callsTo('GET', HOOK)).toHaveLength(1));
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());

    act(() => liveSocket().serverEmit('connect'));
    answerFirst();

    await waitFor(() => expect(location().pathname).toBe('/core'));
    expect(callsTo('GET', HOOK).map((call) => call.url)).toEqual([`${HOOK}${link}`]);
    expect(screen.queryByText(SocialLoginText.androidLinkUsed)).not.toBeInTheDocument();
    expect(localStorage.getItem('retouch.loggedIn')).toBe('true');
  });

  it('takes the link out of the address while signing in, and never sends it again afterwards', async () => {
    const { callsTo, answerFirst } = mockSingleUseHook();
    const { location, queryClient } = renderApp(`/login/android${link}`);
    await waitFor(() => expect(callsTo('GET', HOOK)).toHaveLength(1));
    await waitFor(() => expect(location()).toMatchObject({ pathname: '/login/android', search: '' }));

    answerFirst();
    await waitFor(() => expect(location().pathname).toBe('/core'));
    await waitFor(() => expect(liveSocket().connect).toHaveBeenCalled());
    act(() => liveSocket().serverEmit('connect'));
    act(() => liveSocket().serverEmit(SocketEvent.refetch));
    await act(() => queryClient.refetchQueries());

    expect(callsTo('GET', HOOK)).toHaveLength(1);
    expect(location().pathname).toBe('/core');
  });

  it('shows the pending confirmation of an account whose e-mail is not confirmed, on /login', async () => {
    const pending = {
      message: SocialLoginText.androidConfirmEmail,
      userId: 'u-1',
      dateStart: new Date().toISOString(),
    };
    mockFetch({ [`GET ${HOOK}${link}`]: { body: pending } });
    const { location } = renderApp(`/login/android${link}`);

    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByTestId('pending-confirmation')).toHaveTextContent(
      SocialLoginText.androidConfirmEmail,
    );
    expect(JSON.parse(localStorage.getItem('retouch.pendingRegistration') ?? 'null')).toEqual(pending);
    expect(localStorage.getItem('retouch.loggedIn')).toBeNull();
  });

  it.each([
    ['without a link (the page reloaded after taking it out)', '/login/android'],
    // The server keeps other sites' pages from opening this exact address only.
    ['at another spelling of the address', `/Login/Android${link}`],
    ['at the address with a trailing slash', `/login/android/${link}`],
  ])('sends nothing %s and goes to /login', async (_what, path) => {
    const { callsTo } = mockFetch({});
    const { location } = renderApp(path);

    expect(await screen.findByText(SocialLoginText.androidInvalid)).toBeInTheDocument();
    expect(screen.getByText(CustomerText.error)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(callsTo('GET', HOOK)).toHaveLength(0);
  });
});
