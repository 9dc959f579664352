import { CustomerText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteText } from '@/features/site/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const main = () => within(screen.getByRole('main'));

function openLanding({ loggedIn }: { loggedIn: boolean }) {
  if (loggedIn) setSessionFlags({ isAdmin: false });
  mockFetch({
    'GET /api/site': { body: { supportEmail: 'help@studio.example', companyAddress: 'Gdańsk, Poland' } },
    'GET /api/user/info': { body: aUser() },
  });
  return renderApp('/');
}

describe('/ (landing)', () => {
  it('shows the banner and the four benefits of the specification', () => {
    openLanding({ loggedIn: false });
    expect(main().getByRole('heading', { level: 1, name: CustomerText.landingTitle })).toBeInTheDocument();
    expect(main().getByText(CustomerText.landingLead)).toBeInTheDocument();
    const benefits = main()
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading').textContent);
    expect(benefits).toEqual([
      'First result from 10 minutes',
      'From $0.99',
      'Round the clock',
      '20 trial tokens',
    ]);
  });

  it('sets the title and description of the page', async () => {
    openLanding({ loggedIn: false });
    await waitFor(() => expect(document.title).toBe(SiteText.landingDocumentTitle));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      SiteText.landingDescription,
    );
  });

  it('leads a visitor to the editor and to registration', async () => {
    const { user, location } = openLanding({ loggedIn: false });
    expect(main().getByRole('link', { name: SiteText.retouchPhoto })).toHaveAttribute('href', '/core');
    const register = main().getByRole('link', { name: SiteText.getTrialTokens });
    expect(register).toHaveAttribute('href', '/register');
    await user.click(register);
    expect(location().pathname).toBe('/register');
  });

  it('leads a logged-in customer to the editor only', async () => {
    const { user, location } = openLanding({ loggedIn: true });
    expect(main().queryByRole('link', { name: SiteText.getTrialTokens })).not.toBeInTheDocument();
    await user.click(main().getByRole('link', { name: SiteText.retouchPhoto }));
    expect(location().pathname).toBe('/core');
  });
});
