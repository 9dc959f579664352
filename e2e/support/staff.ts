import type { Page } from '@playwright/test';
import { DispatchText } from '@retouch/shared/dispatch';
import { CustomerText } from '@retouch/shared/texts';
import { solidPng } from './images';
import { expect } from './test';

const demoPassword = process.env.E2E_DEMO_PASSWORD ?? 'customer123';

/** The admin the journeys' server is started with (playwright.config.ts sets both variables). */
export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@retouch.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-e2e',
};

/** The demo staff accounts the first start seeds (apps/server/src/seed.ts). */
export const staff = {
  designer: { email: 'designer@retouch.local', password: demoPassword },
  moderator: { email: 'moderator@retouch.local', password: demoPassword },
};

// Labels of the top bar and the designer cabinet (apps/web/src/features/shift, features/designer-cabinet/texts.ts).
export const Cabinet = {
  startShift: 'Начать смену',
  endShift: 'Завершить смену',
  goOnDuty: 'Выйти на дежурство',
  searching: 'Идёт поиск заказа…',
  cancelSearch: 'Отменить поиск',
  send: 'Отправить на проверку',
  refuseReason: 'Причина отказа',
  refuse: 'Отказаться',
  moderatorRemarks: 'Замечания модератора',
  moderatorPicture: 'Исправления модератора на результате',
};

// Labels of the moderator workplace (apps/web/src/features/moderator-workplace/texts.ts).
export const ModeratorDesk = {
  goOnDuty: 'Выйти на дежурство',
  searching: 'Идёт поиск заказа на проверку…',
  cancelSearch: 'Отменить поиск',
  approve: 'Принять',
};

/** Logs a staff member in through the login page and opens `path`. */
export async function logInStaff(page: Page, account: { email: string; password: string }, path: string) {
  await page.goto('/login');
  // The form is there: the login page is audited in this state (support/test.ts).
  await expect(page.getByLabel(CustomerText.emailOrUsername)).toBeEditable();
  await page.getByLabel(CustomerText.emailOrUsername).fill(account.email);
  await page.getByLabel(CustomerText.password, { exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: CustomerText.login }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: account.email })).toBeVisible();
  await page.goto(path);
}

/** The designer, logged in at /admin/design with empty queues, on shift and searching for an order. */
export async function designerOnDuty(page: Page) {
  await logInStaff(page, staff.designer, '/admin/design');
  // Orders earlier journeys left waiting would come first (oldest first): the set-up cancels them.
  expect((await page.request.post('/api/test/orders/cancel-waiting')).ok()).toBe(true);
  await page.getByRole('button', { name: Cabinet.startShift }).click();
  await expect(page.getByRole('button', { name: Cabinet.endShift })).toBeVisible();
  await page.getByRole('button', { name: Cabinet.goOnDuty }).click();
  await expect(page.getByText(Cabinet.searching)).toBeVisible();
}

/** The moderator, logged in at /admin/moder, on duty and searching for an order to review. */
export async function moderatorOnDuty(page: Page) {
  await logInStaff(page, staff.moderator, '/admin/moder');
  await page.getByRole('button', { name: ModeratorDesk.goOnDuty }).click();
  await expect(page.getByText(ModeratorDesk.searching)).toBeVisible();
}

/** The designer hands in a solid-colour result and is searching again. */
export async function sendResult(page: Page, rgb: readonly [number, number, number]) {
  await sendResultPicture(page, await solidPng(200, rgb));
}

/** The designer hands in `picture` (a PNG) as the result and is searching again. */
export async function sendResultPicture(page: Page, picture: Buffer) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'result.png', mimeType: 'image/png', buffer: picture });
  await page.getByRole('button', { name: Cabinet.send }).click();
  await expect(page.getByText(DispatchText.orderSent).first()).toBeVisible();
  await expect(page.getByText(Cabinet.searching)).toBeVisible();
}
