import type { Locator, Page } from '@playwright/test';
import { OrderText } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import { History, logInNewCustomer, sendOrder } from '../support/customer';
import { expectNoHorizontalOverflow, measureOverflow, Viewports } from '../support/layout';
import { expect, test } from '../support/test';

// Issue 19: on a 390 x 844 phone the history hid its status, cost, tip and More behind a sideways scroll,
// the status lived only in a tooltip, and amounts broke inside ("2 coi ns"). Every customer page must fit.

const Screens = {
  editor: 'Retouch editor',
  portfolio: 'Portfolio',
  buyTokens: 'Buy tokens',
  contactUs: 'Contact us',
};

/** A page, and what shows once it has its content (the check must not pass on a page still loading). */
interface CustomerPage {
  path: string;
  ready: (page: Page) => Locator;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1 });

const PUBLIC_PAGES: CustomerPage[] = [
  { path: '/', ready: heading(CustomerText.landingTitle) },
  { path: '/portfolio', ready: (page) => page.getByRole('tab').first() },
  { path: '/how-to-use', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/contact-us', ready: heading(Screens.contactUs) },
  { path: '/about', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/privacy-policy', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/terms-of-use', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/refund-policy', ready: (page) => page.getByRole('heading', { level: 1 }) },
  {
    path: '/login',
    ready: (page) => page.getByRole('main').getByRole('button', { name: CustomerText.login }),
  },
  { path: '/register', ready: (page) => page.getByLabel(CustomerText.firstName) },
];

const CUSTOMER_PAGES: CustomerPage[] = [
  { path: '/', ready: heading(CustomerText.landingTitle) },
  { path: '/history', ready: (page) => page.getByText('Teeth whitening').first() },
  { path: '/profile', ready: (page) => page.getByLabel(CustomerText.firstName) },
  { path: '/portfolio', ready: (page) => page.getByRole('tab').first() },
];

/**
 * A fresh customer with a delivered order (a tip may be left) and one waiting for a designer. The header
 * shows the balances the login waits for only on wide screens (a phone has them in its drawer), so the
 * login happens at laptop size and the page is then resized.
 */
async function customerWithOrders(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(Viewports.laptop);
  await logInNewCustomer(page, 'e2e-layout');
  const delivered = await sendOrder(page, 'delivered');
  expect((await page.request.post(`/api/test/orders/${delivered.orderId}/deliver`)).ok()).toBe(true);
  const waiting = await sendOrder(page, 'waiting');
  await page.setViewportSize(viewport);
  return { delivered: delivered.orderId, waiting: waiting.orderId };
}

/** Visits each page and checks it fits the width, reporting every page that does not. */
async function expectPagesFit(page: Page, pages: readonly CustomerPage[]) {
  for (const { path, ready } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  }
}

for (const [name, viewport] of Object.entries(Viewports)) {
  test.describe(`at ${viewport.width} x ${viewport.height} (${name})`, () => {
    test.use({ viewport });

    test('the public pages fit the width', async ({ page }) => {
      await expectPagesFit(page, PUBLIC_PAGES);
    });

    test("a customer's pages and the buy-tokens dialog fit the width", async ({ page }) => {
      await customerWithOrders(page, viewport);
      await expectPagesFit(page, CUSTOMER_PAGES);

      // The editor: the shared frame (header, footer) and the page itself must fit; what the editor's own
      // components do inside is theirs, written down for its owners instead of failing here.
      await page.goto('/core');
      await expect(page.getByRole('heading', { name: Screens.editor, level: 1 })).toBeVisible();
      await expect(page.getByText('Teeth whitening').first()).toBeVisible();
      await expectNoHorizontalOverflow(page, 'header, footer');
      await expect.poll(async () => (await measureOverflow(page)).pageOverflow).toBe(0);
      const inside = await measureOverflow(page, 'main');
      if (inside.offenders.length > 0) {
        test.info().annotations.push({
          type: 'editor overflow',
          description: inside.offenders.join('\n'),
        });
      }

      // The account block (in the drawer on a phone, with a long e-mail) and the buy-tokens dialog.
      await page.goto('/');
      await expect(heading(CustomerText.landingTitle)(page)).toBeVisible();
      const account = await openAccountBlock(page);
      await expectNoHorizontalOverflow(page);
      await account.getByRole('button', { name: Screens.buyTokens }).click();
      const buyTokens = page.getByRole('dialog', { name: Screens.buyTokens });
      await expect(buyTokens.getByRole('radio').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  });
}

/** Where the balances and the account menu are: the header, or on a phone the drawer its burger opens. */
async function openAccountBlock(page: Page): Promise<Locator> {
  const header = page.getByRole('banner');
  const burger = header.getByRole('button', { name: CustomerText.openMenu });
  if (!(await burger.isVisible())) return header;
  await burger.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('button', { name: Screens.buyTokens })).toBeVisible();
  return drawer;
}

test.describe('the history on a phone', () => {
  test.use({ viewport: Viewports.phone });

  test('shows cards with the status written out, a waiting order as waiting, and refuses a tip of 0', async ({
    page,
  }) => {
    const { delivered, waiting } = await customerWithOrders(page, Viewports.phone);
    await page.goto('/history');
    await expect(page.getByRole('heading', { name: History.heading })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    const waitingCard = page.getByTestId(`order-${waiting}`);
    await expect(waitingCard.getByText(OrderText.lookingForDesigner)).toBeVisible();
    // Customer side, section 4: "0 and 7 | looking for a designer (warning style) | 0 percent".
    await expect(
      waitingCard.getByRole('progressbar', { name: OrderText.lookingForDesigner }),
    ).toHaveAttribute('aria-valuenow', '0');

    const deliveredCard = page.getByTestId(`order-${delivered}`);
    await expect(deliveredCard.getByText(OrderText.executed)).toBeVisible();
    await expect(deliveredCard.getByText('2 coins').first()).toBeVisible();
    // "2 coins" on one line: as high as one line of its text.
    const amount = await deliveredCard
      .getByText('2 coins')
      .first()
      .evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      }));
    expect(amount.height).toBeLessThan(amount.lineHeight * 1.5);
    for (const control of [History.leaveTip, History.more]) {
      const button = deliveredCard.getByRole('button', { name: control });
      await expect(button).toBeInViewport();
    }
    await expectNoHorizontalOverflow(page);

    // A tip of 0 is refused in the dialog and never sent (the number box used to raise it to 1).
    const tips: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/orders/order/${delivered}/tip`)) tips.push(request.method());
    });
    await deliveredCard.getByRole('button', { name: History.leaveTip }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('spinbutton').fill('0');
    await dialog.getByRole('button', { name: History.sendTip }).click();
    await expect(dialog.getByText(OrderText.tipPositive)).toBeVisible();
    await expect(dialog.getByRole('spinbutton')).toHaveValue('0');
    await expectNoHorizontalOverflow(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(deliveredCard.getByRole('button', { name: History.leaveTip })).toBeEnabled();
    expect(tips).toEqual([]);
  });
});
