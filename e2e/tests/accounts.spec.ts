import { solidPng } from '../support/images';
import { confirmationLink } from '../support/outbox';
import { admin } from '../support/staff';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import {
  ADMIN_VERSION_LABEL,
  GENERATED_AVATAR_MARKER,
  REGISTRATION_BONUS_TOKENS,
} from '@retouch/shared/constants';
import { AdminText, CustomerText, ServerText } from '@retouch/shared/texts';

const customer = {
  email: process.env.E2E_CUSTOMER_EMAIL ?? 'customer@retouch.local',
  password: process.env.E2E_DEMO_PASSWORD ?? 'customer123',
};

/** Waits until the page is at `pathname` and returns its query. */
async function expectPath(page: Page, pathname: string): Promise<URLSearchParams> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
  return new URL(page.url()).searchParams;
}

async function logIn(page: Page, email: string, password: string) {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel(CustomerText.emailOrUsername).fill(email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
}

async function openAccountMenu(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: email }).click();
}

test('a new customer registers, confirms, edits the profile, changes the password and logs in again', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'first-pass-1';
  const newPassword = 'second-pass-2';
  const header = page.getByRole('banner');

  // Register: the pending banner waits out the resend cooldown.
  await page.goto('/');
  await header.getByRole('button', { name: CustomerText.register }).click();
  await expectPath(page, '/register');
  await page.getByLabel(CustomerText.firstName).fill('Erin');
  await page.getByLabel(CustomerText.lastName).fill('Walker');
  await page.getByLabel(CustomerText.email, { exact: true }).fill(email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(password);
  await page.getByLabel(CustomerText.confirmPassword).fill(password);
  await page.getByRole('checkbox', { name: CustomerText.agreeToTerms }).check();
  await page.getByRole('main').getByRole('button', { name: CustomerText.register }).click();
  await expectPath(page, '/login');
  await expect(page.getByText(ServerText.confirmEmailSent)).toBeVisible();
  await expect(page.getByRole('button', { name: CustomerText.repeat })).toBeDisabled();

  // An unconfirmed login answers the pending confirmation instead of a session.
  await logIn(page, email, password);
  await expect(page.getByRole('button', { name: CustomerText.repeat })).toBeDisabled();
  await expectPath(page, '/login');

  // The confirmation link from the mail always ends at /login.
  const link = await confirmationLink(email);
  await page.goto(`${link.pathname}${link.search}`);
  await expectPath(page, '/login');
  await expect(page.getByText(ServerText.emailConfirmed)).toBeVisible();
  await expect(page.getByRole('button', { name: CustomerText.repeat })).toHaveCount(0);

  await logIn(page, email, password);
  await expectPath(page, '/');
  await expect(header.getByText(email)).toBeVisible();
  await expect(header.getByTestId('balance-bonus')).toHaveText(String(REGISTRATION_BONUS_TOKENS));
  await expect(header.getByTestId('balance-main')).toHaveText('0');

  // Profile: new name and an uploaded avatar replacing the generated one.
  await openAccountMenu(page, email);
  await page.getByRole('menuitem', { name: CustomerText.profile }).click();
  await expectPath(page, '/profile');
  const avatar = page.getByRole('main').getByRole('img', { name: CustomerText.avatar });
  await expect(avatar).toHaveAttribute('src', new RegExp(GENERATED_AVATAR_MARKER));
  await page.getByLabel(CustomerText.firstName).fill('Erica');
  await page.getByLabel(CustomerText.lastName).fill('Tester');
  await page
    .getByRole('main')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: await solidPng(64, [200, 80, 40]) });
  await expect(avatar).toHaveAttribute('src', /^blob:/);
  await page.getByRole('main').getByRole('button', { name: CustomerText.save }).click();
  await expect(avatar).toHaveAttribute('src', /^\/(?!.*generated-avatar)/);
  const picture = await page.request.get((await avatar.getAttribute('src'))!);
  expect(picture.ok()).toBe(true);
  expect(picture.headers()['content-type']).toMatch(/^image\//);

  await page.reload();
  await expect(page.getByLabel(CustomerText.firstName)).toHaveValue('Erica');
  await expect(page.getByLabel(CustomerText.lastName)).toHaveValue('Tester');

  // Change password.
  await page.getByRole('switch', { name: CustomerText.changePassword }).click();
  await page.getByLabel(CustomerText.oldPassword).fill(password);
  await page.getByLabel(CustomerText.newPassword).fill(newPassword);
  await page.getByLabel(CustomerText.confirmPassword).fill(newPassword);
  await page.getByRole('main').getByRole('button', { name: CustomerText.save }).click();
  await expect(page.getByText(ServerText.passwordChanged)).toBeVisible();

  // Exit asks first.
  await openAccountMenu(page, email);
  await page.getByRole('menuitem', { name: CustomerText.exit }).click();
  await page
    .getByRole('dialog', { name: CustomerText.areYouSure })
    .getByRole('button', { name: 'OK' })
    .click();
  await expectPath(page, '/login');
  await expect(header.getByRole('button', { name: CustomerText.login })).toBeVisible();

  // The old password is refused, the new one lets the customer in.
  await logIn(page, email, password);
  await expect(page.getByText(ServerText.wrongCredentials)).toBeVisible();
  await logIn(page, email, newPassword);
  await expectPath(page, '/');
  await expect(header.getByText(email)).toBeVisible();
});

test('the admin is sent through the login to /admin and sees the back office', async ({ page }) => {
  await page.goto('/admin');
  const query = await expectPath(page, '/login');
  expect(query.get('redirect')).toBe('/admin');

  await logIn(page, admin.email, admin.password);
  await expectPath(page, '/admin');
  await expect(page.getByTestId('admin-version')).toHaveText(`${AdminText.version} ${ADMIN_VERSION_LABEL}`);
  await expect(page.getByRole('menuitem', { name: AdminText.home })).toBeVisible();
  await expect(page.getByText(admin.email)).toBeVisible();

  // The customer site's menu leads back here too.
  await page.goto('/');
  await openAccountMenu(page, admin.email);
  await page.getByRole('menuitem', { name: CustomerText.admin }).click();
  await expectPath(page, '/admin');
  await expect(page.getByTestId('admin-version')).toBeVisible();
});

test('a customer is sent from /admin to /', async ({ page }) => {
  await logIn(page, customer.email, customer.password);
  await expectPath(page, '/');
  await openAccountMenu(page, customer.email);
  await expect(page.getByRole('menuitem', { name: CustomerText.profile })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: CustomerText.admin })).toHaveCount(0);

  await page.goto('/admin');
  await expectPath(page, '/');
  await expect(page.getByTestId('admin-version')).toHaveCount(0);
});

test('a logged-out visit to an admin screen lands on the login with the redirect', async ({ page }) => {
  await page.goto('/admin/orders');
  const query = await expectPath(page, '/login');
  expect(query.get('redirect')).toBe('/admin/orders');
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText(CustomerText.pageNotFound)).toBeVisible();
});
