import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { CustomerText } from '@retouch/shared/texts';
import { History, logInNewCustomer, sendOrder } from '../support/customer';
import { Viewports } from '../support/layout';
import { admin, Cabinet, logInStaff, ModeratorDesk } from '../support/staff';

// Issue 25, WCAG 1.4.10 Reflow: at 200 % zoom a 1280 px window is 640 CSS px wide, and no page may then
// scroll sideways. A data table may scroll inside its own box (the criterion's exception for
// two-dimensional tables); the document itself may not.

const ZOOMED = { width: 640, height: 400 } as const;

/** A page, and what shows once it has its content (the check must not pass on a page still loading). */
interface ZoomedPage {
  path: string;
  ready: (page: Page) => Locator;
}

const heading = (name?: string) => (page: Page) => page.getByRole('heading', { name, level: 1 });

const PUBLIC_PAGES: ZoomedPage[] = [
  { path: '/', ready: heading(CustomerText.landingTitle) },
  { path: '/how-to-use', ready: heading() },
  { path: '/portfolio', ready: (page) => page.getByRole('tab').first() },
  { path: '/about', ready: heading() },
  { path: '/privacy-policy', ready: heading() },
  { path: '/terms-of-use', ready: heading() },
  { path: '/refund-policy', ready: heading() },
  { path: '/contact-us', ready: heading('Contact us') },
  {
    path: '/login',
    ready: (page) => page.getByRole('main').getByRole('button', { name: CustomerText.login }),
  },
  { path: '/register', ready: (page) => page.getByLabel(CustomerText.firstName) },
  { path: '/forgot-password', ready: (page) => page.getByRole('main').getByRole('textbox').first() },
  { path: '/core', ready: (page) => page.getByText('Teeth whitening').first() },
  {
    path: '/no-such-page',
    ready: (page) => page.getByRole('main').getByRole('button', { name: 'Back home' }),
  },
];

const CUSTOMER_PAGES: ZoomedPage[] = [
  { path: '/', ready: heading(CustomerText.landingTitle) },
  { path: '/core', ready: (page) => page.getByText('Teeth whitening').first() },
  { path: '/history', ready: heading(History.heading) },
  { path: '/profile', ready: (page) => page.getByLabel(CustomerText.firstName) },
  { path: '/portfolio', ready: (page) => page.getByRole('tab').first() },
];

/** How far the document scrolls sideways: 0 when the page reflows into the window. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** Waits for the page's content, with nothing left loading, then for the document to fit the width. */
async function expectFits(page: Page, ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(
    page.locator('.ant-skeleton, .ant-spin-spinning, .page-spinner, [aria-busy="true"]'),
  ).toHaveCount(0);
  await expect.poll(() => pageOverflow(page)).toBe(0);
}

async function expectPagesFit(page: Page, pages: readonly ZoomedPage[]) {
  for (const { path, ready } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectFits(page, ready(page));
    });
  }
}

test.describe('at 200 % zoom (640 px wide)', () => {
  test.use({ viewport: ZOOMED });

  test('the public pages reflow without a sideways scroll', async ({ page }) => {
    await expectPagesFit(page, PUBLIC_PAGES);
  });

  test("a customer's pages and the buy-tokens dialog reflow", async ({ page }) => {
    // The header shows the balances the login waits for on wide screens only: log in wide, then zoom.
    await page.setViewportSize(Viewports.laptop);
    await logInNewCustomer(page, 'e2e-zoom');
    await sendOrder(page, 'zoomed order');
    await page.setViewportSize(ZOOMED);
    await expectPagesFit(page, CUSTOMER_PAGES);

    await page.getByRole('banner').getByRole('button', { name: CustomerText.openMenu }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Buy tokens' }).click();
    const buyTokens = page.getByRole('dialog', { name: 'Buy tokens' });
    await expectFits(page, buyTokens.getByRole('radio').first());
  });

  test('the back office reflows, its tables scrolling inside their own box', async ({ browser, page }) => {
    // An order to show: a customer sends it in a context of their own.
    const customer = await browser.newContext({ viewport: Viewports.laptop });
    const customerPage = await customer.newPage();
    await logInNewCustomer(customerPage, 'e2e-zoom-office');
    const { orderId } = await sendOrder(customerPage, 'zoomed order');
    await customer.close();

    await page.setViewportSize(Viewports.laptop);
    await logInStaff(page, admin, '/admin');
    await page.setViewportSize(ZOOMED);
    await expectPagesFit(page, adminPages(orderId));
  });
});

const main = (page: Page) => page.getByRole('main');
const table = (page: Page) => main(page).getByRole('table').first();

/** Every back-office screen the admin may open, and an order's details. */
const adminPages = (orderId: string): ZoomedPage[] => [
  { path: '/admin', ready: (page) => main(page).getByRole('heading').first() },
  { path: '/admin/orders', ready: table },
  { path: `/admin/info/order/${orderId}`, ready: (page) => main(page).getByText('zoomed order').first() },
  { path: '/admin/user-management', ready: table },
  { path: '/admin/roles', ready: table },
  { path: '/admin/slider', ready: (page) => main(page).getByRole('tab').first() },
  { path: '/admin/degree-action', ready: table },
  { path: '/admin/reason-refusal', ready: table },
  { path: '/admin/pay-config', ready: table },
  { path: '/admin/site-settings', ready: table },
  // The admin has no days of work: the screen says so in an alert.
  { path: '/admin/analytics', ready: (page) => main(page).getByRole('alert').or(table(page)).first() },
  { path: '/admin/audit', ready: table },
  { path: '/admin/design', ready: (page) => page.getByRole('button', { name: Cabinet.startShift }) },
  { path: '/admin/moder', ready: (page) => main(page).getByRole('button', { name: ModeratorDesk.goOnDuty }) },
];
