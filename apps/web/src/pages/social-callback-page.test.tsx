import { SocialLoginText } from '@retouch/shared/social-login';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const query = '?state=state-123&code=code-456';

describe('/login/{provider}-type', () => {
  it.each([
    ['google', '/api/login/google/callback'],
    ['facebook', '/api/login/facebook/callback'],
    ['github', '/api/auth/github/callback'],
  ])('passes the %s query to %s once, stores the login and goes to /', async (provider, callback) => {
    const { callsTo } = mockFetch({
      [`GET ${callback}${query}`]: { body: aUser() },
      'GET /api/user/info': { body: aUser() },
    });
    const { location, queryClient } = renderApp(`/login/${provider}-type${query}`);

    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(callsTo('GET', callback).map((call) => call.url)).toEqual([`${callback}${query}`]);
    expect(queryClient.getQueryData(['user', 'info'])).toEqual(aUser());
    expect(localStorage.getItem('retouch.loggedIn')).toBe('true');
    expect(localStorage.getItem('retouch.isAdmin')).toBeNull();
  });

  it('sends the single-use state once, even when everything is refetched on its way and afterwards', async () => {
    const callback = '/api/login/google/callback';
    const api = mockFetch({ 'GET /api/user/info': { body: aUser() } });
    const answered = api.fetchMock.getMockImplementation()!;
    let answer: (() => void) | undefined;
    api.fetchMock.mockImplementation((input, init) => {
      if (!String(input).startsWith(callback)) return answered(input, init);
      api.calls.push({ method: 'GET', url: String(input), body: undefined, init });
      if (api.callsTo('GET', callback).length > 1) {
        return Promise.resolve(Response.json({ message: 'state used' }, { status: 400 }));
      }
      return new Promise<Response>((resolve) => {
        answer = () => resolve(Response.json(aUser()));
      });
    });
    const { location, queryClient } = renderApp(`/login/google-type${query}`);
    await waitFor(() => expect(api.callsTo('GET', callback)).toHaveLength(1));

    // What the socket's resync does at connect, while the state is on its way and after it signed in.
    const refetched = act(() => queryClient.refetchQueries());
    answer?.();
    await refetched;
    await waitFor(() => expect(location().pathname).toBe('/'));
    await act(() => queryClient.refetchQueries());

    expect(api.callsTo('GET', callback)).toHaveLength(1);
    expect(location().pathname).toBe('/');
    expect(localStorage.getItem('retouch.loggedIn')).toBe('true');
  });

  it('stores the admin marker of a staff login, as the login form does', async () => {
    const admin = aUser({ role: { title: 'Admin' }, isAdmin: true });
    mockFetch({
      [`GET /api/login/google/callback${query}`]: { body: admin },
      'GET /api/user/info': { body: admin },
    });
    const { location } = renderApp(`/login/google-type${query}`);
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(localStorage.getItem('retouch.isAdmin')).toBe('true');
  });

  it("shows the server's refusal and goes to /login without storing a login", async () => {
    const message = SocialLoginText.emailNotVerified('google');
    mockFetch({ [`GET /api/login/google/callback${query}`]: { status: 400, body: { message } } });
    const { location } = renderApp(`/login/google-type${query}`);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(CustomerText.error)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(localStorage.getItem('retouch.loggedIn')).toBeNull();
  });
});

describe('/login/android', () => {
  const androidQuery = `?email=ann%40example.com&user_id=42&user_name=Ann&hash=${'ab'.repeat(32)}`;

  it('passes the signed query to the server, stores the login and goes to /core', async () => {
    const { callsTo } = mockFetch({
      [`GET /api/login/google/android${androidQuery}`]: { body: aUser() },
      'GET /api/user/info': { body: aUser() },
    });
    const { location } = renderApp(`/login/android${androidQuery}`);

    await waitFor(() => expect(location().pathname).toBe('/core'));
    expect(callsTo('GET', '/api/login/google/android')).toHaveLength(1);
    expect(localStorage.getItem('retouch.loggedIn')).toBe('true');
  });

  it('shows the refusal of a bad signature and goes to /login', async () => {
    mockFetch({
      [`GET /api/login/google/android${androidQuery}`]: {
        status: 401,
        body: { message: SocialLoginText.androidHashInvalid },
      },
    });
    const { location } = renderApp(`/login/android${androidQuery}`);
    expect(await screen.findByText(SocialLoginText.androidHashInvalid)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(localStorage.getItem('retouch.loggedIn')).toBeNull();
  });
});
