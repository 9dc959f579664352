import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import { CustomerText } from '@retouch/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import type { Swiper } from 'swiper';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CompareText } from '@/components/before-after-slider';
import { PortfolioText } from '@/features/portfolio/texts';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { preferReducedMotion } from '@/test/viewport';

function aService(id: string, title: string, cost = 3): PublicService {
  return {
    _id: id,
    title: { admin: title, user: title },
    description: { admin: `Что делает ${title}`, user: `What ${title} does` },
    instruction: `Do ${title}`,
    cost,
    executionTime: 10,
    status: true,
    picture: `/api/files/catalog/${id}.webp`,
    pictureThumb: `/api/files/catalog/${id}-thumb.webp`,
    pictureBefore: `/api/files/catalog/${id}-before.webp`,
    pictureAfter: `/api/files/catalog/${id}-after.webp`,
    embedInCanvas: false,
    allowMessage: false,
    allowAdditionalImage: false,
    multi: false,
    multiDegree: false,
    degreeAction: [],
    optional: [],
  };
}

const face: PublicGroup = {
  _id: 'g-face',
  title: { admin: 'Лицо', user: 'Face' },
  status: true,
  list: [aService('s-skin', 'Skin', 5), aService('s-eyes', 'Eyes'), aService('s-teeth', 'Teeth')],
};
const body: PublicGroup = {
  _id: 'g-body',
  title: { admin: 'Тело', user: 'Body' },
  status: true,
  list: [aService('s-slim', 'Slim')],
};

function openPortfolio(groups: PublicGroup[] = [face, body]) {
  const api = mockFetch({ 'GET /api/services': { body: groups } });
  return { ...renderApp('/portfolio'), ...api };
}

const carousel = (group: string) => screen.getByLabelText(PortfolioText.servicesOf(group));
/** The Swiper instance Swiper keeps on its element. */
const swiperOf = (group: string) => (carousel(group) as HTMLElement & { swiper: Swiper }).swiper;

// The route loads the page lazily; loading it once here keeps the first test's waits about the screen.
beforeAll(async () => {
  await import('@/pages/portfolio-page');
});

describe('/portfolio', () => {
  it('shows a tab per group and a slide per service of the open group', async () => {
    openPortfolio();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Face', 'Body']);
    expect(screen.getByRole('tab', { name: 'Face' })).toHaveAttribute('aria-selected', 'true');
    const titles = within(carousel('Face'))
      .getAllByRole('group')
      .map((slide) => slide.textContent);
    expect(titles).toEqual(['Skin', 'Eyes', 'Teeth']);
    await waitFor(() => expect(document.title).toBe(PortfolioText.documentTitle));
  });

  it('details the first service: picture, title, description, cost and before/after', async () => {
    openPortfolio();
    const panel = within(await screen.findByRole('region', { name: 'Skin' }));
    expect(panel.getByRole('heading', { name: 'Skin' })).toBeInTheDocument();
    expect(panel.getByRole('img', { name: 'Skin' })).toHaveAttribute('src', '/api/files/catalog/s-skin.webp');
    expect(panel.getByText('What Skin does')).toBeInTheDocument();
    expect(panel.getByText(PortfolioText.cost(5))).toBeInTheDocument();
    expect(panel.getByRole('img', { name: CompareText.customer.before })).toHaveAttribute(
      'src',
      '/api/files/catalog/s-skin-before.webp',
    );
    expect(panel.getByRole('img', { name: CompareText.customer.after })).toHaveAttribute(
      'src',
      '/api/files/catalog/s-skin-after.webp',
    );
  });

  it('details the slide that is clicked', async () => {
    const { user } = openPortfolio();
    await screen.findByRole('region', { name: 'Skin' });
    await user.click(within(carousel('Face')).getByRole('button', { name: 'Eyes' }));

    const panel = within(await screen.findByRole('region', { name: 'Eyes' }));
    expect(panel.getByText('What Eyes does')).toBeInTheDocument();
    expect(panel.getByRole('img', { name: CompareText.customer.after })).toHaveAttribute(
      'src',
      '/api/files/catalog/s-eyes-after.webp',
    );
    expect(within(carousel('Face')).getByRole('button', { name: 'Eyes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(carousel('Face')).getByRole('button', { name: 'Skin' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  // Issue 36, the customer walk: on a phone the slides cut the pictures to a square.
  it('shows every picture whole, in the slides and in the details', async () => {
    openPortfolio();
    const panel = within(await screen.findByRole('region', { name: 'Skin' }));
    const thumbnails = within(carousel('Face'))
      .getAllByRole('group')
      .map((slide) => slide.querySelector('img')!);
    expect(thumbnails).toHaveLength(3);
    for (const thumbnail of thumbnails) expect(thumbnail).toHaveStyle({ objectFit: 'contain' });
    expect(panel.getByRole('img', { name: 'Skin' })).toHaveStyle({ objectFit: 'contain' });
  });

  it('loops a group of several services but not a group of one', async () => {
    const { user } = openPortfolio();
    await screen.findByRole('region', { name: 'Skin' });
    expect(swiperOf('Face').params.loop).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Body' }));
    expect(await screen.findByRole('region', { name: 'Slim' })).toBeInTheDocument();
    expect(swiperOf('Body').params.loop).toBe(false);
    expect(within(carousel('Body')).getAllByRole('group')).toHaveLength(1);
    expect(screen.queryByLabelText(PortfolioText.servicesOf('Face'))).not.toBeInTheDocument();
  });

  it('slides to the next service, and plays nothing by itself', async () => {
    const { user } = openPortfolio();
    await screen.findByRole('region', { name: 'Skin' });
    expect(swiperOf('Face').autoplay?.running ?? false).toBe(false);
    await user.click(screen.getByRole('button', { name: PortfolioText.nextService }));
    await waitFor(() => expect(swiperOf('Face').realIndex).toBe(1));
    // happy-dom lays nothing out, so no move here runs a transition: the speed it would take tells.
    expect(swiperOf('Face').params.speed).toBe(300);
  });

  it('shows the next service without sliding for a user who asked for reduced motion', async () => {
    preferReducedMotion();
    const { user } = openPortfolio();
    await screen.findByRole('region', { name: 'Skin' });
    expect(swiperOf('Face').autoplay?.running ?? false).toBe(false);
    await user.click(screen.getByRole('button', { name: PortfolioText.nextService }));
    await waitFor(() => expect(swiperOf('Face').realIndex).toBe(1));
    expect(swiperOf('Face').params.speed).toBe(0);
  });

  it('moves the before/after divider with the arrow keys', async () => {
    const { user } = openPortfolio();
    await screen.findByRole('region', { name: 'Skin' });
    const divider = screen.getByRole('slider', { name: CompareText.customer.compare });
    expect(divider).toHaveAttribute('aria-valuenow', '50');
    divider.focus();
    await user.keyboard('{ArrowRight}');
    expect(divider).toHaveAttribute('aria-valuenow', '55');
  });

  it('shows a skeleton while loading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderApp('/portfolio');
    expect(await screen.findByLabelText(PortfolioText.loading)).toHaveAttribute('aria-busy', 'true');
  });

  it('says so when there are no services yet', async () => {
    openPortfolio([{ ...body, list: [] }]);
    expect(await screen.findByText(PortfolioText.empty)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('offers a retry when the catalogue cannot be loaded', async () => {
    let answers = 0;
    mockFetch({
      'GET /api/services': () =>
        (answers += 1) === 1 ? { status: 500, body: { message: 'Internal server error' } } : { body: [face] },
    });
    const { user } = renderApp('/portfolio');
    await user.click(await screen.findByRole('button', { name: CustomerText.tryAgain }));
    expect(await screen.findByRole('tab', { name: 'Face' })).toBeInTheDocument();
  });

  it('is linked from the header', async () => {
    mockFetch({ 'GET /api/services': { body: [face] } });
    const { user, location } = renderApp('/');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: PortfolioText.navLabel }));
    expect(location().pathname).toBe('/portfolio');
    expect(await screen.findByRole('heading', { name: PortfolioText.heading, level: 1 })).toBeInTheDocument();
  });
});
