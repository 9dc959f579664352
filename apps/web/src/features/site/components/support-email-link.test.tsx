import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { siteInfoKey } from '../api/get-site-info';
import { SiteText } from '../texts';
import { CompanyAddress } from './company-address';
import { SupportEmailLink } from './support-email-link';

const site = { supportEmail: 'help@studio.example', companyAddress: 'Gdańsk, Poland' };
const policy = (client: QueryClient): ReactNode => (
  <QueryClientProvider client={client}>
    <p>
      Write to <SupportEmailLink /> or by post to <CompanyAddress />.
    </p>
  </QueryClientProvider>
);

let container: HTMLElement;
afterEach(() => container.remove());

describe('the contacts in a prerendered policy', () => {
  // The footer loads the contacts as soon as the frame is hydrated; a policy page's own chunk may be
  // hydrated after that, with them in the cache, while its HTML has the words (a mismatch, seen in Chromium).
  it('hydrate the words of the HTML even when the contacts are cached, then show them', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(policy(new QueryClient()));
    document.body.append(container);
    expect(container.textContent).toContain(SiteText.ourSupportAddress);

    const cached = new QueryClient();
    cached.setQueryData(siteInfoKey, site);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, policy(cached), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(await screen.findByRole('link', { name: site.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${site.supportEmail}`,
    );
    expect(container.textContent).toContain(site.companyAddress);
  });
});
