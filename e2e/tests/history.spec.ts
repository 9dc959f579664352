import { expect, test, type Page } from '@playwright/test';
import type { PublicGroup } from '@retouch/shared/catalog';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { OrderText } from '@retouch/shared/orders';
import { expectBalances, logInNewCustomer } from '../support/customer';
import { solidPng } from '../support/images';

// Accessible names of the history page (apps/web/src/features/order-history/texts.ts).
const History = {
  heading: 'Order history',
  leaveTip: 'Leave a tip',
  sendTip: 'Send a tip for the designer',
  more: 'More',
  forRevision: 'For revision',
  send: 'Send',
  download: 'Download',
};

/**
 * Sends a one-service order through the API (the editor journey covers the editor), then delivers it
 * with the test hook, standing in for the designer and the moderator. Answers the order's cost.
 */
async function deliveredOrder(page: Page, serviceTitle: string) {
  const groups = (await (await page.request.get('/api/services')).json()) as PublicGroup[];
  const service = groups.flatMap((group) => group.list).find((s) => s.title.user === serviceTitle)!;
  const data = { order: { persons: [{ id: 'photo', orders: [{ id: service._id }] }], message: '' } };
  const created = await page.request.post('/api/orders/create', {
    multipart: {
      data: JSON.stringify(data),
      original: { name: 'photo.png', mimeType: 'image/png', buffer: await solidPng(300, [200, 150, 120]) },
      draft: { name: 'draft.png', mimeType: 'image/png', buffer: await solidPng(70, [200, 150, 120]) },
    },
  });
  expect(created.status()).toBe(201);
  const { _id: orderId } = (await created.json()) as { _id: string };
  expect((await page.request.post(`/api/test/orders/${orderId}/deliver`)).ok()).toBe(true);
  return { orderId, cost: service.cost };
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
  await expect(moreDialog.getByRole('link', { name: History.download })).toHaveAttribute(
    'download',
    'image.jpg',
  );
  await moreDialog.getByRole('button', { name: History.forRevision }).click();
  await moreDialog.getByRole('button', { name: History.send, exact: true }).click();
  await expect(moreDialog.getByText(OrderText.revisionRequired)).toBeVisible();
  await moreDialog.getByRole('textbox').fill('Please make the teeth a little less white');
  await moreDialog.getByRole('button', { name: History.send, exact: true }).click();
  await expect(moreDialog).toBeHidden();
  await expect(row.getByLabel(OrderText.lookingForDesigner)).toBeVisible();
  await expect(row.getByRole('button', { name: History.more })).toBeDisabled();
});
