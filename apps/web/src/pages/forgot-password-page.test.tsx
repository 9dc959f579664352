import { AccountText, AccountUiText } from '@retouch/shared/accounts';
import { CustomerText } from '@retouch/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('forgot password', () => {
  it("is the target of the login page's 'Forgot password?' link", async () => {
    mockFetch({});
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: CustomerText.forgotPassword }));
    await waitFor(() => expect(location().pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('button', { name: AccountUiText.sendLink })).toBeInTheDocument();
  });

  it('sends the e-mail and shows the neutral answer', async () => {
    const { callsTo } = mockFetch({
      'POST /api/password/forgot': { body: { message: AccountText.resetRequested } },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(CustomerText.email), ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: AccountUiText.sendLink }));
    expect(await screen.findByText(AccountText.resetRequested)).toBeInTheDocument();
    expect(callsTo('POST', '/api/password/forgot')[0]?.body).toEqual({ email: 'ann@example.com' });
  });

  it('requires a valid e-mail before sending', async () => {
    const { calls } = mockFetch({});
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: AccountUiText.sendLink }));
    expect(await screen.findByText(CustomerText.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(CustomerText.email), 'not-an-email');
    await user.click(screen.getByRole('button', { name: AccountUiText.sendLink }));
    expect(await screen.findByText(CustomerText.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/password'))).toHaveLength(0);
  });

  // Issue 36, the customer walk: the page had the site's bare title and no heading.
  it('has its own document title and its heading', async () => {
    mockFetch({});
    renderApp('/forgot-password');
    expect(
      await screen.findByRole('heading', { level: 1, name: AccountUiText.forgotTitle }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Forgot password? – Retouch'));
  });
});
