import type { Page } from '@playwright/test';
import type { PublicGroup } from '@retouch/shared/catalog';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { solidPng } from './images';
import { confirmationLink } from './outbox';
import { expect } from './test';

// Accessible names of the history page (apps/web/src/features/order-history/texts.ts).
export const History = {
  heading: 'Order history',
  leaveTip: 'Leave a tip',
  sendTip: 'Send a tip for the designer',
  more: 'More',
  forRevision: 'For revision',
  send: 'Send',
  download: 'Download',
};

/** A fresh customer with a confirmed e-mail, not logged in: main 0 and the trial bonus. */
export async function registerConfirmedCustomer(page: Page, prefix = 'e2e') {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'customer-pass-1';
  const registered = await page.request.post('/api/registration', {
    data: { email, password, name: { giveName: 'Pat', familyName: 'Buyer' } },
  });
  expect(registered.ok()).toBe(true);
  const link = await confirmationLink(email);
  expect((await page.request.get(`/api/email/confirm${link.search}`)).ok()).toBe(true);
  return { email, password };
}

/** Fills and sends the login form of the page shown (/login, with or without a redirect). */
export async function fillLogin(page: Page, { email, password }: { email: string; password: string }) {
  // The form is there: the login page is audited in this state (support/test.ts).
  await expect(page.getByLabel(CustomerText.emailOrUsername)).toBeEditable();
  await page.getByLabel(CustomerText.emailOrUsername).fill(email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
}

/** A fresh confirmed customer, logged in on `page`: each journey starts from main 0 and the trial bonus. */
export async function logInNewCustomer(page: Page, prefix = 'e2e') {
  const customer = await registerConfirmedCustomer(page, prefix);
  await page.goto('/login');
  await fillLogin(page, customer);
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS);
  return customer;
}

/** The header's balance parts. */
export async function expectBalances(page: Page, main: number, bonus: number) {
  const header = page.getByRole('banner');
  await expect(header.getByTestId('balance-main')).toHaveText(String(main));
  await expect(header.getByTestId('balance-bonus')).toHaveText(String(bonus));
}

/** Sends an order of one service through the API with a message to recognise it by; answers its id. */
export async function sendOrder(page: Page, message: string, serviceTitle = 'Teeth whitening') {
  const groups = (await (await page.request.get('/api/services')).json()) as PublicGroup[];
  const service = groups.flatMap((group) => group.list).find((s) => s.title.user === serviceTitle)!;
  const data = { order: { persons: [{ id: 'photo', orders: [{ id: service._id }] }], message } };
  const photo = await solidPng(300, [200, 150, 120]);
  const created = await page.request.post('/api/orders/create', {
    multipart: {
      data: JSON.stringify(data),
      original: { name: 'photo.png', mimeType: 'image/png', buffer: photo },
      draft: { name: 'draft.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(created.status()).toBe(201);
  return { orderId: ((await created.json()) as { _id: string })._id, cost: service.cost };
}
