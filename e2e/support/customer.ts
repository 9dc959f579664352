import { expect, type Page } from '@playwright/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { confirmationLink } from './outbox';

/** A fresh confirmed customer, logged in on `page`: each journey starts from main 0 and the trial bonus. */
export async function logInNewCustomer(page: Page, prefix = 'e2e') {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'customer-pass-1';
  const registered = await page.request.post('/api/registration', {
    data: { email, password, name: { giveName: 'Pat', familyName: 'Buyer' } },
  });
  expect(registered.ok()).toBe(true);
  const link = await confirmationLink(email);
  expect((await page.request.get(`/api/email/confirm${link.search}`)).ok()).toBe(true);

  await page.goto('/login');
  await page.getByLabel(CustomerText.emailOrUsername).fill(email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS);
  return { email, password };
}

/** The header's balance parts. */
export async function expectBalances(page: Page, main: number, bonus: number) {
  const header = page.getByRole('banner');
  await expect(header.getByTestId('balance-main')).toHaveText(String(main));
  await expect(header.getByTestId('balance-bonus')).toHaveText(String(bonus));
}
