import type { Page } from '@playwright/test';
import { NotificationText, OrderNoticeText } from '@retouch/shared/notifications';
import { History, logInNewCustomer, sendOrder } from '../support/customer';
import { mailedMatch } from '../support/outbox';
import { socketConnected } from '../support/socket';
import { expect, test } from '../support/test';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;
const LAPTOP = { width: 1366, height: 768 };

/** A new customer logged in; the page then at the viewport. The shared login helper reads the balance in
 * the header, which the phone layout folds into its menu, so it runs at the laptop's size. */
async function logInAt(page: Page, viewport: { width: number; height: number }, prefix: string) {
  await page.setViewportSize(LAPTOP);
  const customer = await logInNewCustomer(page, prefix);
  await page.setViewportSize(viewport);
  return customer;
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test('a customer away from the history hears that the result is ready, and gets the e-mail', async ({
      page,
    }) => {
      const { email } = await logInAt(page, viewport, `e2e-notify-${viewport.name}`);
      const { orderId } = await sendOrder(page, 'Tell me when it is ready');
      const connected = socketConnected(page);
      await page.goto('/profile');
      await connected;

      // The designer's result, approved (the test hook stands in for both staff members).
      expect((await page.request.post(`/api/test/orders/${orderId}/deliver`)).ok()).toBe(true);
      const notice = page.getByRole('status').filter({ hasText: OrderNoticeText.resultReady.title });
      await expect(notice).toBeInViewport();
      await expect(notice).toContainText(OrderNoticeText.resultReady.body);
      await notice.getByRole('button', { name: NotificationText.openHistory }).click();
      await expect(page).toHaveURL(/\/history$/);
      await expect(page.getByRole('heading', { name: History.heading })).toBeVisible();

      // The mail, with the link to the order history.
      const mail = await mailedMatch(
        email,
        /A designer has finished your order[\s\S]*Your order history: \S+/,
      );
      expect(mail).toMatch(/Your order history: http:\/\/127\.0\.0\.1:\d+\/history$/);
    });

    test('the profile keeps the switch that turns the order e-mails off', async ({ page }) => {
      await logInAt(page, viewport, `e2e-notify-switch-${viewport.name}`);
      await page.goto('/profile');
      const emails = page.getByRole('switch', { name: NotificationText.orderEmails });
      await expect(emails).toBeChecked();
      await emails.scrollIntoViewIfNeeded();
      await emails.click();
      await expect(emails).not.toBeChecked();

      await page.reload();
      await expect(page.getByRole('switch', { name: NotificationText.orderEmails })).not.toBeChecked();
      await expect(page.getByRole('switch', { name: NotificationText.browserNotifications })).toBeVisible();
    });
  });
}

test('browser notifications: the permission is asked, the service worker registered, the switch kept', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await logInNewCustomer(page, 'e2e-notify-browser');
  await page.goto('/profile');
  const browser = page.getByRole('switch', { name: NotificationText.browserNotifications });
  await expect(browser).not.toBeChecked();
  await browser.click();
  await expect(browser).toBeChecked();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
  // Whether this browser reaches a push service or not (here it does not: tabs only), it says which.
  await expect(
    page.getByText(NotificationText.pushUnavailable).or(page.getByText(NotificationText.pushReady)),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: NotificationText.browserNotifications })).toBeChecked();
});
