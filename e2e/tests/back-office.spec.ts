import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { expectBalances, logInNewCustomer, sendOrder } from '../support/customer';
import { admin, logInStaff } from '../support/staff';
import { expect, test } from '../support/test';

// Labels of the back office (apps/web/src/features/{roles,user-management,admin-orders}/texts.ts, shared texts).
const Office = {
  panel: 'Панель управления',
  home: 'Главная',
  orders: 'Заказы',
  breadcrumb: 'Навигационная цепочка',
  roleName: 'Имя роли',
  createRole: 'Создать роль',
  editRole: (title: string) => `Изменить права роли ${title}`,
  save: 'Сохранить',
  showAdmin: 'Доступ к админ-панели',
  lookOrders: 'Просмотр заказов',
  addUser: 'Добавить пользователя',
  add: 'Добавить',
  search: 'Поиск по e-mail',
  permissionsOf: (email: string) => `Роль и права ${email}`,
  role: 'Роль',
  assignRole: 'Назначить роль',
  editUser: (email: string) => `Изменить ${email}`,
  mainTokens: 'Токены',
  orderDetails: (orderId: string) => `Подробнее о заказе ${orderId}`,
  noAccess: 'Нет доступа',
  balanceEdit: 'Изменение баланса',
  roleChange: 'Смена роли',
  logOf: (email: string) => `Журнал ${email}`,
  statusFilter: 'Статус',
  completed: 'Выполнен',
  exportCsv: 'Экспорт CSV',
};

// The two journeys share nothing but the admin: each may run beside the other.
test.describe.configure({ mode: 'parallel' });

/** A new customer who sent an order, left on /history watching the balances in their header. */
async function customerWithOrder(browser: Browser) {
  const customer = await (await browser.newContext()).newPage();
  const { email: customerEmail } = await logInNewCustomer(customer, 'e2e-office');
  const { orderId, cost } = await sendOrder(customer, 'Please whiten the teeth');
  await customer.goto('/history');
  await expectBalances(customer, 0, REGISTRATION_BONUS_TOKENS - cost);
  return { customer, customerEmail, orderId, cost };
}

async function searchUser(page: Page, email: string) {
  await page.goto('/admin/user-management');
  await page.getByLabel(Office.search).fill(email);
  await page.getByLabel(Office.search).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
}

test('an admin gives a new staff member an orders-only role, who sees the orders and nothing else', async ({
  browser,
}) => {
  // Three people and eight screens: past the default limit on a busy two-core machine (the balance part
  // that followed is the next journey, so that each has its own limit).
  test.setTimeout(200_000);
  const { customer, customerEmail, orderId } = await customerWithOrder(browser);

  // The admin creates a role that opens the back office and the orders only.
  const desk = await (await browser.newContext()).newPage();
  await logInStaff(desk, admin, '/admin/roles');
  const roleTitle = `Orders ${Date.now().toString(36)}`;
  await desk.getByLabel(Office.roleName).fill(roleTitle);
  await desk.getByRole('button', { name: Office.createRole }).click();
  await desk.getByRole('button', { name: Office.editRole(roleTitle) }).click();
  const roleDialog = desk.getByRole('dialog');
  await roleDialog.getByRole('switch', { name: Office.showAdmin }).click();
  await roleDialog.getByRole('switch', { name: Office.lookOrders }).click();
  await roleDialog.getByRole('button', { name: Office.save }).click();
  await expect(roleDialog).toBeHidden();

  // The admin adds a user and assigns the role.
  const clerk = { email: `e2e-clerk-${Date.now()}@example.com`, password: 'clerk-password-1' };
  await desk.goto('/admin/user-management');
  await desk.getByRole('button', { name: Office.addUser }).click();
  const addDialog = desk.getByRole('dialog');
  await addDialog.getByLabel('E-mail').fill(clerk.email);
  await addDialog.getByLabel('Имя', { exact: true }).fill('Olga');
  await addDialog.getByLabel('Фамилия').fill('Clerk');
  await addDialog.getByLabel('Пароль', { exact: true }).fill(clerk.password);
  await addDialog.getByLabel('Повторите пароль').fill(clerk.password);
  await addDialog.getByRole('button', { name: Office.add }).click();
  await expect(addDialog).toBeHidden();
  await searchUser(desk, clerk.email);
  await desk.getByRole('button', { name: Office.permissionsOf(clerk.email) }).click();
  const permissionsDialog = desk.getByRole('dialog');
  await permissionsDialog.getByLabel(Office.role).click();
  await desk.getByTitle(roleTitle, { exact: true }).click();
  await permissionsDialog.getByRole('button', { name: Office.assignRole }).click();
  await expect(desk.getByText('Роль успешно изменена').first()).toBeVisible();

  // The new staff member sees only the orders beside the home page, opens the customer's order,
  // and is refused the users screen.
  const clerkPage = await (await browser.newContext()).newPage();
  await logInStaff(clerkPage, clerk, '/admin');
  const sidebar = clerkPage.getByRole('navigation', { name: Office.panel });
  await expect(sidebar.getByRole('menuitem')).toHaveText([Office.home, Office.orders]);
  await sidebar.getByRole('link', { name: Office.orders }).click();
  await expect(clerkPage).toHaveURL(/\/admin\/orders$/);
  // Other journeys place orders meanwhile: the table is filtered by the customer's e-mail.
  await clerkPage.goto(`/admin/orders?email=${encodeURIComponent(customerEmail)}`);
  await clerkPage.getByRole('button', { name: Office.orderDetails(orderId) }).click();
  await expect(clerkPage).toHaveURL(new RegExp(`/admin/info/order/${orderId}$`));
  await expect(clerkPage.getByText(customerEmail).first()).toBeVisible();
  // Where the page sits, its title, and the client's message as they wrote it.
  const crumbs = clerkPage.getByRole('navigation', { name: Office.breadcrumb });
  await expect(crumbs.getByRole('link')).toHaveText([Office.home, Office.orders]);
  await expect(clerkPage).toHaveTitle(new RegExp(`^Заказ ${orderId.slice(0, 8)} — ${Office.panel}$`));
  await expect(clerkPage.getByText('Please whiten the teeth').first()).toBeVisible();
  await crumbs.getByRole('link', { name: Office.orders }).click();
  await expect(clerkPage).toHaveURL(/\/admin\/orders$/);
  await expect(clerkPage).toHaveTitle(`${Office.orders} — ${Office.panel}`);
  await clerkPage.goto('/admin/user-management');
  await expect(clerkPage.getByText(Office.noAccess)).toBeVisible();
  expect((await clerkPage.request.get('/api/admin/users')).status()).toBe(403);

  // The role change is in the audit log with who made it.
  await desk.goto('/admin/audit');
  const log = desk.getByRole('table');
  const roleEntry = log
    .getByRole('row')
    .filter({ hasText: clerk.email })
    .filter({ hasText: Office.roleChange });
  await expect(roleEntry).toContainText(`role: User → ${roleTitle}`);

  await Promise.all([customer, desk, clerkPage].map((page) => page.context().close()));
});

test('an admin edits a customer’s balance live, finds it in the audit log, and filters and exports the orders', async ({
  browser,
}) => {
  test.setTimeout(200_000);
  const { customer, customerEmail, orderId, cost } = await customerWithOrder(browser);
  const desk = await (await browser.newContext()).newPage();
  await logInStaff(desk, admin, '/admin');

  // The admin sets the customer's main tokens to 50: the customer's header shows it without a reload.
  await searchUser(desk, customerEmail);
  await desk.getByRole('button', { name: Office.editUser(customerEmail) }).click();
  const editDialog = desk.getByRole('dialog');
  await editDialog.getByLabel(Office.mainTokens).fill('50');
  await editDialog.getByRole('button', { name: Office.save }).click();
  await expect(editDialog).toBeHidden();
  await expectBalances(customer, 50, REGISTRATION_BONUS_TOKENS - cost);

  // The edit is in the audit log with who made it and before -> after, and in the customer's own log.
  await desk.goto('/admin/audit');
  const log = desk.getByRole('table');
  const balanceEntry = log
    .getByRole('row')
    .filter({ hasText: customerEmail })
    .filter({ hasText: Office.balanceEdit });
  await expect(balanceEntry).toContainText('main: 0 → 50');
  await expect(balanceEntry).toContainText(admin.email);
  await searchUser(desk, customerEmail);
  await desk.getByRole('button', { name: Office.logOf(customerEmail) }).click();
  await expect(desk.getByRole('dialog').getByRole('row').filter({ hasText: 'main: 0 → 50' })).toHaveCount(1);

  // The orders table filtered by status: the waiting order is kept for its status and dropped for
  // another; the export follows the filters.
  await desk.goto(`/admin/orders?email=${encodeURIComponent(customerEmail)}`);
  const details = desk.getByRole('button', { name: Office.orderDetails(orderId) });
  await expect(details).toBeVisible();
  await desk.getByLabel(Office.statusFilter).click();
  await desk.getByTitle(Office.completed, { exact: true }).click();
  await desk.keyboard.press('Escape');
  await expect(desk).toHaveURL(/status=completed/);
  await expect(details).toBeHidden();
  await desk.goto(`/admin/orders?email=${encodeURIComponent(customerEmail)}&status=lookingForDesigner`);
  await expect(details).toBeVisible();
  const downloading = desk.waitForEvent('download');
  await desk.getByRole('link', { name: Office.exportCsv }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv.split('\r\n').filter((line) => line.includes(orderId))).toHaveLength(1);

  await Promise.all([customer, desk].map((page) => page.context().close()));
});
