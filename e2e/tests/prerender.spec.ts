import type { Locator, Page } from '@playwright/test';
import { CustomerText } from '@retouch/shared/texts';
import { expect, test } from '../support/test';

// Issue 20, decision 29: the public pages come as HTML holding their content, prerendered at build time,
// and the app then hydrates that HTML without a mismatch. Headings and texts as the pages write them
// (apps/web/src/features/site).
const PUBLIC_PAGES = [
  { path: '/', heading: CustomerText.landingTitle, text: 'First result from 10 minutes' },
  { path: '/how-to-use', heading: 'How to use', text: 'Mark the people' },
  { path: '/about', heading: 'About us', text: 'How we work' },
  { path: '/portfolio', heading: 'Portfolio', text: null },
  { path: '/privacy-policy', heading: 'Privacy policy', text: 'What we collect' },
  { path: '/terms-of-use', heading: 'Terms of use', text: 'Your photos' },
  { path: '/refund-policy', heading: 'Refund policy', text: 'Refunds are not provided' },
  { path: '/contact-us', heading: 'Contact us', text: 'Questions about an order' },
];

const heading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

/** Whether React has hydrated the element: it keeps its fiber on the DOM nodes it owns. */
const isHydrated = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page comes with its heading, text, title and frame', async ({ page }) => {
    for (const { path, heading: name, text } of PUBLIC_PAGES) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(heading(page, name)).toBeVisible();
        if (text) await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
        await expect(page).toHaveTitle(path === '/' ? /^Retouch – / : new RegExp(`^${name}`));
        await expect(
          page.getByRole('banner').getByRole('button', { name: CustomerText.login }),
        ).toBeVisible();
        await expect(
          page.getByRole('contentinfo').getByRole('link', { name: 'Refund policy' }),
        ).toBeVisible();
      });
    }
  });

  test('any other route gets the app shell, empty until its script runs', async ({ page }) => {
    expect((await page.goto('/history'))?.status()).toBe(200);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('with JavaScript on', () => {
  test('every public page is hydrated without an error, then works as the app', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });

    for (const { path, heading: name } of PUBLIC_PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        // The page's own chunk hydrates its part last.
        await expect.poll(() => isHydrated(heading(page, name))).toBe(true);
        // The parts that come only after hydration: the footer's contacts from the API.
        await expect(page.getByRole('contentinfo').locator('address')).toBeVisible();
      });
    }
    await test.step('the islands of the pages render', async () => {
      await page.goto('/contact-us');
      await expect(page.getByLabel('Message')).toBeVisible();
      await page.goto('/refund-policy');
      await expect(page.getByRole('table')).toBeVisible();
    });
    await test.step('a link of a hydrated page navigates in the app', async () => {
      await page.goto('/how-to-use');
      await expect.poll(() => isHydrated(heading(page, 'How to use'))).toBe(true);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
      await expect(heading(page, 'About us')).toBeVisible();
      await expect(page).toHaveTitle(/^About us/);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    });
    expect(errors).toEqual([]);
  });
});
