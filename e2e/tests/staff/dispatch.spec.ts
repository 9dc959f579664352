import { expect, test, type Page } from '@playwright/test';
import type { PublicGroup } from '@retouch/shared/catalog';
import { DispatchText } from '@retouch/shared/dispatch';
import { OrderText } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import { logInNewCustomer } from '../../support/customer';
import { solidPng } from '../../support/images';

const designer = {
  email: 'designer@retouch.local',
  password: process.env.E2E_DEMO_PASSWORD ?? 'customer123',
};

// Labels of the top bar and the cabinet (apps/web/src/features/shift, features/designer-cabinet/texts.ts).
const Cabinet = {
  startShift: 'Начать смену',
  endShift: 'Завершить смену',
  goOnDuty: 'Выйти на дежурство',
  searching: 'Идёт поиск заказа…',
  cancelSearch: 'Отменить поиск',
  send: 'Отправить на проверку',
};

async function logInDesigner(page: Page) {
  await page.goto('/login');
  await page.getByLabel(CustomerText.emailOrUsername).fill(designer.email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(designer.password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: designer.email })).toBeVisible();
  await page.goto('/admin/design');
}

async function sendResult(page: Page) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'result.png',
    mimeType: 'image/png',
    buffer: await solidPng(200, [30, 160, 90]),
  });
  await page.getByRole('button', { name: Cabinet.send }).click();
  await expect(page.getByText(DispatchText.orderSent).first()).toBeVisible();
  await expect(page.getByText(Cabinet.searching)).toBeVisible();
}

/** Sends an order of one service through the API with a message to recognise it by. */
async function sendOrder(page: Page, message: string) {
  const groups = (await (await page.request.get('/api/services')).json()) as PublicGroup[];
  const teeth = groups.flatMap((group) => group.list).find((s) => s.title.user === 'Teeth whitening')!;
  const data = { order: { persons: [{ id: 'photo', orders: [{ id: teeth._id }] }], message } };
  const photo = await solidPng(300, [200, 150, 120]);
  const created = await page.request.post('/api/orders/create', {
    multipart: {
      data: JSON.stringify(data),
      original: { name: 'photo.png', mimeType: 'image/png', buffer: photo },
      draft: { name: 'draft.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

test("a designer on duty receives a customer's order live, sends the result, and the customer sees it move", async ({
  browser,
}) => {
  const designerContext = await browser.newContext();
  const desk = await designerContext.newPage();
  await logInDesigner(desk);
  // Orders the customer journeys left waiting would come first (oldest first): the set-up cancels them.
  expect((await desk.request.post('/api/test/orders/cancel-waiting')).ok()).toBe(true);
  await desk.getByRole('button', { name: Cabinet.startShift }).click();
  await expect(desk.getByRole('button', { name: Cabinet.endShift })).toBeVisible();
  await desk.getByRole('button', { name: Cabinet.goOnDuty }).click();

  await expect(desk.getByText(Cabinet.searching)).toBeVisible();
  await desk.getByRole('button', { name: Cabinet.cancelSearch }).click();
  await expect(desk.getByRole('button', { name: Cabinet.goOnDuty })).toBeVisible();

  // The customer's order waits while nobody searches.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logInNewCustomer(customer, 'e2e-dispatch');
  const message = `Please brighten the smile ${Date.now()}`;
  const orderId = await sendOrder(customer, message);
  await customer.goto('/history');
  const row = customer.locator(`tr[data-row-key="${orderId}"]`);
  await expect(row.getByLabel(OrderText.lookingForDesigner)).toBeVisible();

  // The designer goes on duty and has it at once, with the customer's message; the history moves live.
  await desk.getByRole('button', { name: Cabinet.goOnDuty }).click();
  await expect(desk.getByText(message)).toBeVisible();
  await expect(desk.getByText(DispatchText.orderReceived).first()).toBeVisible();
  await expect(row.getByLabel(OrderText.inProgress)).toBeVisible();

  await sendResult(desk);
  // The result waits for review: still in progress for the customer, live, without a reload.
  await expect(row.getByLabel(OrderText.inProgress)).toBeVisible();
  await expect(customer.getByText(DispatchText.orderSent)).toHaveCount(0);

  await desk.getByRole('button', { name: Cabinet.endShift }).click();
  await expect(desk.getByRole('button', { name: Cabinet.startShift })).toBeVisible();
  await designerContext.close();
  await customerContext.close();
});
