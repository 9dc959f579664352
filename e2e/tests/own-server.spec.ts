import type { Page } from '@playwright/test';
import type { PublicGroup } from '@retouch/shared/catalog';
import { solidPng } from '../support/images';
import { ownServer } from '../support/own-server';
import { admin, Cabinet, logInStaff, staff } from '../support/staff';
import { expect, test } from '../support/test';

// The top bar's connection state and the cabinet's texts (features/admin/components/connection-status.tsx,
// features/designer-cabinet/texts.ts, features/shift/texts.ts).
const Connection = {
  connected: 'В сети',
  reconnecting: 'Переподключение…',
  offline: 'Нет связи',
  retry: 'Повторить',
};
const searchPaused = 'Нет связи с сервером: поиск продолжится, как только связь восстановится.';
const timeLeft = 'Осталось времени';
const endWithOrder = { title: 'Завершить смену с заказом в работе?', confirm: 'Завершить смену' };
// The dashboard's figures (features/dashboard/texts.ts).
const Dashboard = { waitingDesigner: 'Ждут дизайнера', revenueToday: 'Выручка сегодня, токены' };

// Journeys on a server of their own: one stops and starts it; its seeded designer takes every order there,
// and its figures move only with what these journeys do.
const server = ownServer(Number(process.env.E2E_PORT ?? 3100) + 2);
test.beforeAll(async () => server.start());
test.afterAll(async () => server.dispose());
test.use({ baseURL: server.url });

/** The seeded customer sends an order of one service through the API; answers its message. */
async function customerSends(page: Page) {
  const customer = await page.context().browser()!.newContext({ baseURL: server.url });
  const login = await customer.request.post('/api/login', {
    data: { email: 'customer@retouch.local', password: process.env.E2E_DEMO_PASSWORD ?? 'customer123' },
  });
  expect(login.ok()).toBe(true);
  const groups = (await (await customer.request.get('/api/services')).json()) as PublicGroup[];
  const service = groups.flatMap((group) => group.list).find((s) => s.title.user === 'Teeth whitening')!;
  const message = `Brighter smile ${Date.now()}`;
  const photo = await solidPng(300, [200, 150, 120]);
  const created = await customer.request.post('/api/orders/create', {
    multipart: {
      data: JSON.stringify({ order: { persons: [{ id: 'photo', orders: [{ id: service._id }] }], message } }),
      original: { name: 'photo.png', mimeType: 'image/png', buffer: photo },
      draft: { name: 'draft.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(created.status()).toBe(201);
  await customer.close();
  return { message, cost: service.cost };
}

test('the designer cabinet says when the connection is down, searches again once it is back, and keeps the order in hand over a reload', async ({
  page,
}) => {
  // The server stops and starts under the page, and the client's own reconnection schedule runs out
  // (about 40 s of it on an idle machine): 125 s in all with every core busy, past the default limit.
  test.setTimeout(240_000);
  await logInStaff(page, staff.designer, '/admin/design');
  const header = page.getByRole('banner');
  await page.getByRole('button', { name: Cabinet.startShift }).click();
  await expect(page.getByRole('button', { name: Cabinet.endShift })).toBeVisible();
  await page.getByRole('button', { name: Cabinet.goOnDuty }).click();
  await expect(page.getByText(Cabinet.searching)).toBeVisible();
  await expect(header.getByText(Connection.connected)).toBeVisible();

  // The server goes away: no search is presented while nothing can arrive, then the client gives up.
  await server.stop();
  await expect(header.getByText(Connection.reconnecting)).toBeVisible();
  await expect(page.getByRole('main').getByText(searchPaused)).toBeVisible();
  await expect(page.getByText(Cabinet.searching)).toBeHidden();
  await expect(header.getByText(Connection.offline)).toBeVisible({ timeout: 60_000 });

  // Back: a retry connects, and the search goes on by itself, on the server too (an order arrives).
  await server.start();
  await header.getByRole('button', { name: Connection.retry }).click();
  await expect(header.getByText(Connection.connected)).toBeVisible();
  await expect(page.getByText(Cabinet.searching)).toBeVisible();
  const { message } = await customerSends(page);
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText(timeLeft)).toBeVisible();

  // A reload keeps the order in hand and its countdown.
  await page.reload();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText(timeLeft)).toBeVisible();
  await expect(page.getByRole('button', { name: Cabinet.goOnDuty })).toBeHidden();

  // Ending the shift asks first; the order goes back to the queue and the designer is idle, not refused.
  await page.getByRole('button', { name: Cabinet.endShift }).click();
  const question = page.getByRole('dialog', { name: endWithOrder.title });
  await question.getByRole('button', { name: endWithOrder.confirm }).click();
  await expect(page.getByRole('button', { name: Cabinet.startShift })).toBeVisible();
  await expect(page.getByText(message)).toBeHidden();
  await expect(page.getByRole('button', { name: Cabinet.goOnDuty })).toBeVisible();
  await expect(page.getByText('Вы не на дежурстве')).toBeHidden();
});

/** A dashboard figure as a number (its card reads "<label><value>", the value in Russian format). */
async function figure(page: Page, label: string) {
  const text = (await page.getByRole('group', { name: label }).textContent()) ?? '';
  return Number(text.replace(label, '').replace(/[^\d-]/g, ''));
}

test('the dashboard counts the orders waiting for a designer and what they brought today, live', async ({
  page,
}) => {
  await logInStaff(page, admin, '/admin');
  const waiting = page.getByRole('group', { name: Dashboard.waitingDesigner });
  await expect(waiting).not.toHaveText(Dashboard.waitingDesigner);
  const before = {
    waiting: await figure(page, Dashboard.waitingDesigner),
    revenue: await figure(page, Dashboard.revenueToday),
  };

  const first = await customerSends(page);
  await customerSends(page);
  // No designer searches on this server now: both wait, and the page hears of them without a reload.
  await expect.poll(() => figure(page, Dashboard.waitingDesigner)).toBe(before.waiting + 2);
  await expect.poll(() => figure(page, Dashboard.revenueToday)).toBe(before.revenue + 2 * first.cost);
});
