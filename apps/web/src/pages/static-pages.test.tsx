import type { Product } from '@retouch/shared/payments';
import type { SiteInfo } from '@retouch/shared/site';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteText } from '@/features/site/texts';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const site: SiteInfo = {
  supportEmail: 'help@studio.example',
  companyAddress: 'Studio sp. z o.o., ul. Długa 1, 80-831 Gdańsk, Poland',
};

function aProduct(id: string, charge: number, bonus: number, cost: number): Product {
  return { _id: id, charge, bonus, cost, description: `${charge} tokens`, merchant_id: 1 };
}
const products = [
  aProduct('p-30', 30, 0, 2),
  aProduct('p-100', 100, 50, 4),
  aProduct('p-5200', 5200, 1100, 115),
];

function open(path: string) {
  const api = mockFetch({ 'GET /api/site': { body: site }, 'GET /api/products': { body: products } });
  return { ...renderApp(path), ...api };
}

const main = () => within(screen.getByRole('main'));
const footer = () => within(screen.getByRole('contentinfo'));
const descriptionMeta = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]');

// The routes load these pages lazily; loading them once here keeps the first waits about the screen.
beforeAll(async () => {
  await Promise.all([
    import('@/pages/how-to-use-page'),
    import('@/pages/about-page'),
    import('@/pages/privacy-policy-page'),
    import('@/pages/terms-of-use-page'),
    import('@/pages/refund-policy-page'),
  ]);
});

describe.each([
  [
    '/how-to-use',
    SiteText.howToUse,
    [/Upload a photo/, /Mark the people/, /Choose the services/, /Send the order/, /Get the result/],
  ],
  ['/about', SiteText.about, [/photo-retouching service/, /round the clock/]],
  [
    '/privacy-policy',
    SiteText.privacyPolicy,
    [/kept only 30 days/, /What we collect/, /ask for your account to be deleted/],
  ],
  ['/terms-of-use', SiteText.termsOfUse, [/20 trial tokens/, /rights to your photos/]],
  [
    '/refund-policy',
    SiteText.refundPolicy,
    [/Refunds are not provided/, /cannot be exchanged for money/, /inactive for 1 year expire/],
  ],
])('%s', (path, heading, statements) => {
  it('shows its heading, title, description and key statements', async () => {
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(SiteText.titleOf(heading)));
    expect(descriptionMeta()?.content.length).toBeGreaterThan(40);
    for (const statement of statements) expect(main().getAllByText(statement).length).toBeGreaterThan(0);
  });
});

describe('page titles', () => {
  it('follow the page as the visitor moves between pages', async () => {
    const { user } = open('/about');
    await waitFor(() => expect(document.title).toBe(SiteText.titleOf(SiteText.about)));
    const aboutDescription = descriptionMeta()?.content;
    await user.click(footer().getByRole('link', { name: SiteText.refundPolicy }));
    await waitFor(() => expect(document.title).toBe(SiteText.titleOf(SiteText.refundPolicy)));
    expect(descriptionMeta()?.content).not.toBe(aboutDescription);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});

describe('/privacy-policy', () => {
  it('sends deletion requests to the configured support address', async () => {
    open('/privacy-policy');
    const deletion = await screen.findByText(/ask for your account to be deleted/);
    expect(await within(deletion).findByRole('link', { name: site.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${site.supportEmail}`,
    );
  });
});

describe('/refund-policy', () => {
  it('lists the live packages: cost in dollars, tokens and bonus', async () => {
    open('/refund-policy');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(products.length + 1));
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      )
      .filter((cells) => cells.length > 0);
    expect(rows).toEqual([
      ['$2.00', '30', '—'],
      ['$4.00', '100', '+50'],
      ['$115.00', '5200', '+1100'],
    ]);
  });

  it('offers a retry when the packages cannot be loaded', async () => {
    let answers = 0;
    mockFetch({
      'GET /api/site': { body: site },
      'GET /api/products': () => ((answers += 1) === 1 ? { status: 500, body: {} } : { body: products }),
    });
    const { user } = renderApp('/refund-policy');
    expect(await screen.findByText(SiteText.packagesError)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SiteText.tryAgain }));
    expect(await screen.findByRole('cell', { name: '$115.00' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('shows the configured support e-mail and postal address', async () => {
    open('/');
    const email = await footer().findByRole('link', { name: site.supportEmail });
    expect(email).toHaveAttribute('href', `mailto:${site.supportEmail}`);
    expect(footer().getByText(site.companyAddress, { exact: false })).toBeInTheDocument();
  });

  it('links every static page and the contact form', async () => {
    const { user, location } = open('/');
    const links = within(footer().getByRole('navigation', { name: SiteText.footerLinks })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/how-to-use',
      '/about',
      '/privacy-policy',
      '/terms-of-use',
      '/refund-policy',
      '/contact-us',
    ]);
    await user.click(footer().getByRole('link', { name: SiteText.privacyPolicy }));
    expect(location().pathname).toBe('/privacy-policy');
    expect(
      await screen.findByRole('heading', { level: 1, name: SiteText.privacyPolicy }),
    ).toBeInTheDocument();
  });

  it('is on every customer page', async () => {
    open('/portfolio');
    expect(await footer().findByRole('link', { name: site.supportEmail })).toBeInTheDocument();
  });

  it('shows a placeholder while the contacts load and the contact form when they cannot be', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderApp('/');
    expect(footer().getByLabelText(SiteText.loadingContacts)).toHaveAttribute('aria-busy', 'true');
    answer(new Response('{}', { status: 500 }));
    expect(await footer().findByRole('link', { name: SiteText.contactsUnavailable })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });
});
