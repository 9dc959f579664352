import { SocialLoginText, type SocialProvider } from '@retouch/shared/social-login';
import { CustomerText } from '@retouch/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

// The provider's icon is part of the accessible name; the text ends it.
const linkName = (provider: SocialProvider) => new RegExp(`${SocialLoginText.continueWith(provider)}$`);

describe('the social login links of /login', () => {
  it('shows a link to the start of each configured provider only', async () => {
    mockFetch({ 'GET /api/auth/providers': { body: { providers: ['google', 'github'] } } });
    renderApp('/login');

    const main = within(await screen.findByRole('main'));
    const google = await main.findByRole('link', { name: linkName('google') });
    expect(google).toHaveAttribute('href', '/api/auth/google');
    expect(main.getByRole('link', { name: linkName('github') })).toHaveAttribute('href', '/api/auth/github');
    expect(main.queryByRole('link', { name: linkName('facebook') })).toBeNull();
  });

  it('shows none when the server offers no provider, or cannot say', async () => {
    for (const answer of [{ body: { providers: [] } }, { status: 500, body: { message: 'down' } }]) {
      mockFetch({ 'GET /api/auth/providers': answer });
      const view = renderApp('/login');
      const main = within(await screen.findByRole('main'));
      expect(await main.findByLabelText(CustomerText.emailOrUsername)).toBeInTheDocument();
      expect(main.queryByText(SocialLoginText.orContinueWith)).toBeNull();
      expect(main.queryByRole('link', { name: /Continue with/ })).toBeNull();
      view.unmount();
    }
  });
});
