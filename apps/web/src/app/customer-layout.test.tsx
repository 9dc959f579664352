import { CustomerText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const header = () => within(screen.getByRole('banner'));

function openLoggedIn(user = aUser()) {
  setSessionFlags({ isAdmin: user.isAdmin });
  const api = mockFetch({
    'GET /api/user/info': { body: user },
    'GET /api/admin/permissions/user': { body: [] },
    'POST /api/logout': { body: { message: 'You are logged out' } },
  });
  return { ...renderApp('/'), ...api };
}

describe('header', () => {
  // First in the file: the login page must not be loaded yet, as in a browser that arrived at /profile.
  // The next person to log in at this computer must not land on the page the previous one left.
  it('exits from a page that needs a login to a plain /login, without that page', async () => {
    setSessionFlags({ isAdmin: false });
    mockFetch({
      'GET /api/user/info': { body: aUser() },
      'POST /api/logout': { body: { message: 'You are logged out' } },
    });
    const { user, location } = renderApp('/profile');
    await user.click(await header().findByRole('button', { name: 'ann@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: CustomerText.exit }));
    const dialog = await screen.findByRole('dialog', { name: CustomerText.areYouSure });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(location()).toMatchObject({ pathname: '/login', search: '' });
  });

  it('offers Login and Register to a visitor', async () => {
    const { user, location } = renderApp('/');
    await user.click(header().getByRole('button', { name: CustomerText.register }));
    expect(location().pathname).toBe('/register');
    await user.click(header().getByRole('button', { name: CustomerText.login }));
    expect(location().pathname).toBe('/login');
  });

  it('shows the e-mail and both balances of a logged-in user', async () => {
    openLoggedIn(aUser({ balance: { main: 7, bonus: 20 } }));
    expect(await header().findByText('ann@example.com')).toBeInTheDocument();
    expect(header().getByTestId('balance-main')).toHaveTextContent('7');
    expect(header().getByTestId('balance-bonus')).toHaveTextContent('20');
    expect(header().queryByRole('button', { name: CustomerText.login })).not.toBeInTheDocument();
  });

  it('opens the profile from the menu and offers Admin to staff only', async () => {
    const { user, location } = openLoggedIn();
    await user.click(await header().findByRole('button', { name: 'ann@example.com' }));
    expect(screen.queryByRole('menuitem', { name: CustomerText.admin })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: CustomerText.profile }));
    expect(location().pathname).toBe('/profile');
  });

  it('shows Admin in the menu of a staff member', async () => {
    const { user } = openLoggedIn(aUser({ role: { title: 'Designer' }, isAdmin: true }));
    await user.click(await header().findByRole('button', { name: 'ann@example.com' }));
    expect(await screen.findByRole('menuitem', { name: CustomerText.admin })).toBeInTheDocument();
  });

  it('asks before Exit, then logs out, forgets the session and goes to /login', async () => {
    const { user, location, callsTo } = openLoggedIn();
    await user.click(await header().findByRole('button', { name: 'ann@example.com' }));
    await user.click(screen.getByRole('menuitem', { name: CustomerText.exit }));
    const dialog = await screen.findByRole('dialog', { name: CustomerText.areYouSure });
    expect(callsTo('POST', '/api/logout')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('retouch.loggedIn')).toBeNull();
    expect(header().getByRole('button', { name: CustomerText.login })).toBeInTheDocument();
  });

  it('folds into a burger menu at the mobile breakpoint', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 900px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    const { user } = renderApp('/');
    expect(header().queryByRole('button', { name: CustomerText.login })).not.toBeInTheDocument();
    await user.click(header().getByRole('button', { name: CustomerText.openMenu }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('button', { name: CustomerText.login })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: CustomerText.home })).toBeInTheDocument();
  });

  it('answers an unknown route with a 404 page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText(CustomerText.pageNotFound)).toBeInTheDocument();
  });
});
