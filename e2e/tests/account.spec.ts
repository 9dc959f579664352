import type { Page } from '@playwright/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { expectBalances, logInNewCustomer } from '../support/customer';
import { mailedMatch } from '../support/outbox';
import { expect, test } from '../support/test';

// Labels of the public and account screens (apps/web/src/features/site/texts.ts, shared/accounts.ts).
const Screens = {
  name: 'Name',
  email: 'E-mail',
  message: 'Message',
  send: 'Send',
  notAgreed: "You didn't agree to the terms!",
  sent: 'Your message was sent successfully!',
  forgot: 'Forgot password?',
  sendLink: 'Send reset link',
  savePassword: 'Save password',
  deleteTitle: 'Delete account',
  deletePassword: 'Password to confirm',
  deleteButton: 'Delete my account',
  deleteOk: 'Delete',
};

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(CustomerText.emailOrUsername).fill(email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
}

test('the contact form asks for consent, then sends the message to support', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page).toHaveTitle(/Contact us/);
  const marker = `Where is my order? ${Date.now()}`;
  await page.getByLabel(Screens.name).fill('Pat Buyer');
  await page.getByLabel(Screens.email).fill('pat@example.com');
  await page.getByLabel(Screens.message).fill(marker);
  await page.getByRole('button', { name: Screens.send }).click();
  await expect(page.getByText(Screens.notAgreed)).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: Screens.send }).click();
  await expect(page.getByText(Screens.sent).first()).toBeVisible();
  await expect(page.getByLabel(Screens.message)).toHaveValue('');
  expect(await mailedMatch('support@retouch.local', new RegExp(marker.replace(/[?]/g, '\\?')))).toBe(marker);
});

test('a customer resets a forgotten password from the e-mailed link', async ({ browser }) => {
  const setUp = await (await browser.newContext()).newPage();
  const { email } = await logInNewCustomer(setUp, 'e2e-reset');
  await setUp.context().close();

  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: Screens.forgot }).click();
  // The login form's 'E-mail or username' also matches a loose 'E-mail' until the lazy page has replaced it.
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(CustomerText.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: Screens.sendLink }).click();
  await expect(page.getByText(/we have sent a link to reset the password/).first()).toBeVisible();

  const link = await mailedMatch(email, /https?:\/\/\S+\/reset-password\?token=\S+/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel(CustomerText.newPassword).fill('brand-new-pass-2');
  await page.getByLabel(CustomerText.confirmPassword).fill('brand-new-pass-2');
  await page.getByRole('button', { name: Screens.savePassword }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'brand-new-pass-2');
  await expect(page.getByRole('banner').getByRole('button', { name: email })).toBeVisible();
  // The link is single-use.
  const again = await page.request.post('/api/password/reset', {
    data: { token: new URL(link).searchParams.get('token'), password: 'another-pass-3' },
  });
  expect(again.status()).toBe(400);
  await page.context().close();
});

test('a customer deletes their account from the profile and can no longer log in', async ({ page }) => {
  const { email, password } = await logInNewCustomer(page, 'e2e-delete');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: Screens.deleteTitle });
  await section.getByLabel(Screens.deletePassword).fill(password);
  await section.getByRole('button', { name: Screens.deleteButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: Screens.deleteOk }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: CustomerText.login })).toBeVisible();
  await mailedMatch(email, /deleted/i);

  await logIn(page, email, password);
  await expect(page.getByText(/Wrong email or password/).first()).toBeVisible();
});

test('a visitor signs in with Google through the provider and lands logged in with the trial bonus', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/$/);
  const account = page.getByRole('banner').getByRole('button', { name: /^e2e-social-.*@example\.com$/ });
  await expect(account).toBeVisible();
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS);
});
