import { CONFIRMATION_RESEND_COOLDOWN_SECONDS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setPendingRegistration } from '@/lib/session/pending-registration';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const userId = '3f1c6a5e-8a1b-4d7a-9d59-8c1f0c6f5b11';
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

async function logIn(path: string, answers: Parameters<typeof mockFetch>[0]) {
  const api = mockFetch(answers);
  const view = renderApp(path);
  await view.user.type(await screen.findByLabelText(CustomerText.emailOrUsername), ' ann@example.com ');
  await view.user.type(screen.getByLabelText(CustomerText.password), 'secret1');
  await view.user.click(within(screen.getByRole('main')).getByRole('button', { name: CustomerText.login }));
  return { ...view, ...api };
}

describe('login', () => {
  it("shows the server's message when the login fails", async () => {
    const { location } = await logIn('/login', {
      'POST /api/login': { status: 401, body: { message: 'Wrong email or password' } },
    });
    expect(await screen.findByText('Wrong email or password')).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('sends the trimmed login and goes to the redirect target with the session stored', async () => {
    const { location, callsTo } = await logIn('/login?redirect=/profile', {
      'POST /api/login': { body: aUser() },
      'GET /api/user/info': { body: aUser() },
    });
    await waitFor(() => expect(location().pathname).toBe('/profile'));
    expect(callsTo('POST', '/api/login')[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret1' });
    expect(await screen.findByDisplayValue('Ann')).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    // The specification persists the logged-in flag locally; a customer gets no admin marker.
    expect(localStorage.getItem('retouch.loggedIn')).toBe('true');
    expect(localStorage.getItem('retouch.isAdmin')).toBeNull();
  });

  it('ignores a redirect target on another site', async () => {
    const { location } = await logIn('/login?redirect=//evil.example/steal', {
      'POST /api/login': { body: aUser() },
    });
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('shows the pending banner with Repeat disabled and the time left within the cooldown', async () => {
    // 2 s into the 60 s cooldown; a slow machine may take many seconds more before the tooltip shows.
    const pending = { message: 'Please confirm your e-mail', userId, dateStart: secondsAgo(2) };
    const { user } = await logIn('/login', { 'POST /api/login': { body: pending } });

    expect(await screen.findByTestId('pending-confirmation')).toHaveTextContent(pending.message);
    const repeat = screen.getByRole('button', { name: CustomerText.repeat });
    expect(repeat).toBeDisabled();
    await user.hover(repeat.parentElement as HTMLElement);
    const timeLeft = await screen.findByText(new RegExp(`^${CustomerText.timeLeft}: \\d+ s$`));
    const seconds = Number(/(\d+) s$/.exec(timeLeft.textContent ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect(seconds).toBeLessThanOrEqual(58);
  });

  it('enables Repeat once the cooldown has passed, and a repeat starts a new cooldown', async () => {
    setPendingRegistration({ message: 'Please confirm your e-mail', userId, dateStart: secondsAgo(61) });
    const { callsTo } = mockFetch({
      [`GET /api/email/confirm/reset/${userId}`]: {
        body: { message: 'The confirmation email was sent again', dateStart: new Date().toISOString() },
      },
    });
    const { user } = renderApp('/login');

    const repeat = await screen.findByRole('button', { name: CustomerText.repeat });
    expect(repeat).toBeEnabled();
    await user.click(repeat);

    expect(callsTo('GET', `/api/email/confirm/reset/${userId}`)).toHaveLength(1);
    expect((await screen.findAllByText('The confirmation email was sent again')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('button', { name: CustomerText.repeat })).toBeDisabled());
  });

  it('enables Repeat when the 60 seconds run out while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setPendingRegistration({
      message: 'Please confirm your e-mail',
      userId,
      dateStart: new Date().toISOString(),
    });
    renderApp('/login');

    const repeat = await screen.findByRole('button', { name: CustomerText.repeat });
    expect(repeat).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync((CONFIRMATION_RESEND_COOLDOWN_SECONDS - 2) * 1000));
    expect(screen.getByRole('button', { name: CustomerText.repeat })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('button', { name: CustomerText.repeat })).toBeEnabled();
  });

  it("shows the server's refusal of a repeat", async () => {
    setPendingRegistration({ message: 'Please confirm your e-mail', userId, dateStart: secondsAgo(61) });
    mockFetch({
      [`GET /api/email/confirm/reset/${userId}`]: { status: 429, body: { message: 'Please wait' } },
    });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: CustomerText.repeat }));
    expect(await screen.findByText('Please wait')).toBeInTheDocument();
  });

  // Issue 36, the customer walk: the page had the site's bare title and no heading.
  it('has its own document title and its heading', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: CustomerText.login })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login – Retouch'));
  });

  it("moves the focus to the form after the header's Login button", async () => {
    mockFetch({});
    const { user, location } = renderApp('/');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: CustomerText.login }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await waitFor(() => expect(screen.getByLabelText(CustomerText.emailOrUsername)).toHaveFocus());
  });

  it('tells a customer who logs in again before confirming the e-mail, though the banner was already shown', async () => {
    const pending = { message: 'Please confirm your e-mail', userId, dateStart: secondsAgo(2) };
    setPendingRegistration(pending);
    await logIn('/login', { 'POST /api/login': { body: pending } });
    const notice = (await screen.findByText(CustomerText.emailNotConfirmed)).closest<HTMLElement>(
      '[role=alert]',
    )!;
    expect(notice).toHaveTextContent(pending.message);
    expect(screen.getByTestId('pending-confirmation')).toHaveTextContent(pending.message);
  });
});
