import type { Page } from '@playwright/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { OrderText } from '@retouch/shared/orders';
import { expectBalances, History, logInNewCustomer, sendOrder } from '../support/customer';
import { expect, test } from '../support/test';

/** A one-service order delivered with the test hook, standing in for the designer and the moderator. */
async function deliveredOrder(page: Page, serviceTitle: string) {
  const order = await sendOrder(page, '', serviceTitle);
  expect((await page.request.post(`/api/test/orders/${order.orderId}/deliver`)).ok()).toBe(true);
  return order;
}

test('a customer tips the designer of a delivered order, then asks for a revision', async ({ page }) => {
  await logInNewCustomer(page, 'e2e-history');
  const { orderId, cost } = await deliveredOrder(page, 'Teeth whitening');

  await page.goto('/history');
  await expect(page.getByRole('heading', { name: History.heading })).toBeVisible();
  const row = page.locator(`tr[data-row-key="${orderId}"]`);
  await expect(row.getByLabel(OrderText.executed)).toBeVisible();

  // The tip: 25 is preselected; 10 is chosen and sent; the cell shows it and the balance falls by it.
  await row.getByRole('button', { name: History.leaveTip }).click();
  const tipDialog = page.getByRole('dialog');
  await expect(tipDialog.getByRole('button', { name: '25' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table')).toBeHidden();
  await tipDialog.getByRole('button', { name: '10' }).click();
  await tipDialog.getByRole('button', { name: History.sendTip }).click();
  await expect(tipDialog).toBeHidden();
  await expect(row.getByRole('cell', { name: '10', exact: true })).toBeVisible();
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS - cost - 10);

  // The revision: a message is required, then the order goes back to work.
  await row.getByRole('button', { name: History.more }).click();
  const moreDialog = page.getByRole('dialog');
  // Fetched as a blob and saved as image.jpg (customer side sections 2 and 7).
  const downloading = page.waitForEvent('download');
  await moreDialog.getByRole('button', { name: History.download }).click();
  expect((await downloading).suggestedFilename()).toBe('image.jpg');
  await moreDialog.getByRole('button', { name: History.forRevision }).click();
  await moreDialog.getByRole('button', { name: History.send, exact: true }).click();
  await expect(moreDialog.getByText(OrderText.revisionRequired)).toBeVisible();
  await moreDialog.getByRole('textbox').fill('Please make the teeth a little less white');
  await moreDialog.getByRole('button', { name: History.send, exact: true }).click();
  await expect(moreDialog).toBeHidden();
  // Customer side, section 4: the circle at 0 % with its tooltip 'Looking for a designer'.
  await expect(row.getByRole('progressbar', { name: OrderText.lookingForDesigner })).toBeVisible();
  await expect(row.getByRole('button', { name: History.more })).toBeDisabled();
  // Issue 36: the tip given stays shown while the revision is worked.
  await expect(row.getByRole('cell', { name: '10', exact: true })).toBeVisible();
});
