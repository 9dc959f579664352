import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { expectBalances, logInNewCustomer } from '../support/customer';
import { solidPng } from '../support/images';
import { focusIsBehind, focusIsInside, tabTo } from '../support/keyboard';

// Accessible names of /core (apps/web/src/features/editor/texts.ts).
const Editor = {
  heading: 'Retouch editor',
  cookieNotice: 'Cookie notice',
  agree: 'AGREE',
  uploadImage: 'Upload image',
  addPerson: 'Add person',
  marker: (person: string) => `Marker of ${person}`,
  persons: 'Persons and their services',
  person: (person: string, services: string) => `${person}, ${services}`,
  degree: (service: string) => `Degree: ${service}`,
  options: (service: string) => `Options: ${service}`,
  send: 'SEND TO RETOUCH',
  confirmTitle: 'Send the order to retouch?',
  confirmTotal: (coins: number) => `Total: ${coins} coins`,
  confirmSend: 'Send',
  cancel: 'Cancel',
};

// The seeded demo catalogue (apps/server/src/seed-catalog.ts), all in its first group, Face.
const Seed = {
  eyes: { title: 'Eyes', cost: 3 }, // degrees, options
  whiten: { title: 'Whiten the whites', cost: 2 }, // an option of Eyes
  teeth: { title: 'Teeth whitening', cost: 2 },
};

const card = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Services' })
    .getByRole('button', { name: new RegExp(`^${title} \\d+ coins?$`) });

interface OrderListed {
  persons: Array<{ id: string; orders: unknown[] }>;
}

/** The persons of the customer's newest order, as the orders API lists them. */
async function newestOrderPersons(page: Page) {
  const answer = await page.request.get('/api/orders/user/?limit=5&page=1&sortByDate=DESC');
  expect(answer.ok()).toBe(true);
  const { orders } = (await answer.json()) as { orders: OrderListed[] };
  return orders[0]!.persons.map((person) => ({ id: person.id, services: person.orders.length }));
}

test('a customer completes an order in the editor with the keyboard alone', async ({ page }) => {
  // Logging in is not the editor's part: the journeys' helper does it.
  await logInNewCustomer(page, 'e2e-keyboard');
  await page.goto('/core');
  await expect(page.getByRole('heading', { name: Editor.heading, level: 1 })).toBeVisible();

  // From here on, only keys.
  const cookies = page.getByRole('region', { name: Editor.cookieNotice });
  if (await cookies.isVisible()) {
    await tabTo(cookies.getByRole('button', { name: Editor.agree }));
    await page.keyboard.press('Enter');
    await expect(cookies).toBeHidden();
  }

  // The upload button opens the file chooser with Enter.
  await tabTo(page.getByTestId('photo-upload'), { backwards: true });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await solidPng(800, [200, 160, 130]) });
  await expect(page.getByRole('radio', { name: 'photo' })).toBeChecked();

  // Two persons; the new marker takes the focus, which shows as a ring.
  const addPerson = page.getByRole('button', { name: Editor.addPerson });
  await tabTo(addPerson);
  await page.keyboard.press('Enter');
  const first = page.getByRole('button', { name: Editor.marker('Person 1') });
  await expect(first).toBeFocused();
  await expect(first).toHaveCSS('outline-style', 'solid');
  // Person 1 moves right and down: 3 small steps and one large (5 and 20 canvas units, at scale 1 here).
  const before = (await first.boundingBox())!;
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => (await first.boundingBox())!.x - before.x).toBeCloseTo(15, 0);
  await expect.poll(async () => (await first.boundingBox())!.y - before.y).toBeCloseTo(20, 0);

  await tabTo(addPerson, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: Editor.marker('Person 2') })).toBeFocused();

  // Person 2: eyes, whitened, strongly, and teeth.
  await tabTo(card(page, Seed.eyes.title));
  await page.keyboard.press('Enter');
  await expect(card(page, Seed.eyes.title)).toHaveAttribute('aria-pressed', 'true');
  const whiten = page
    .getByRole('group', { name: Editor.options(Seed.eyes.title) })
    .getByRole('button', { name: new RegExp(`^${Seed.whiten.title} \\d+ coins?$`) });
  await tabTo(whiten);
  await page.keyboard.press('Enter');
  await expect(whiten).toHaveAttribute('aria-pressed', 'true');
  await tabTo(card(page, Seed.teeth.title), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(card(page, Seed.teeth.title)).toHaveAttribute('aria-pressed', 'true');
  const degree = page.getByRole('radiogroup', { name: Editor.degree(Seed.eyes.title) });
  await tabTo(degree.getByRole('radio', { name: 'Medium' }), { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(degree.getByRole('radio', { name: 'Strong' })).toBeChecked();

  // The list beside the canvas names each person with their services; the arrow keys choose among them.
  const persons = page.getByRole('listbox', { name: Editor.persons });
  await expect(persons.getByRole('option')).toHaveText([/^photo/, /^Person 1/, /^Person 2/]);
  await expect(persons.getByRole('option', { name: Editor.person('photo', '0 services') })).toBeVisible();
  await expect(persons.getByRole('option', { name: Editor.person('Person 1', '0 services') })).toBeVisible();
  const second = persons.getByRole('option', { name: Editor.person('Person 2', '3 services') });
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await tabTo(second, { backwards: true });
  await page.keyboard.press('ArrowUp');
  await expect(persons.getByRole('option', { name: /^Person 1,/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: 'Person 1' })).toBeChecked();

  // Person 1: teeth.
  await tabTo(card(page, Seed.teeth.title));
  await page.keyboard.press('Enter');
  await expect(persons.getByRole('option', { name: Editor.person('Person 1', '1 service') })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The confirmation keeps the focus while open, and gives it back to SEND TO RETOUCH when closed.
  const send = page.getByRole('button', { name: Editor.send });
  await tabTo(send, { backwards: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: Editor.confirmTitle });
  const cost = Seed.eyes.cost + Seed.whiten.cost + Seed.teeth.cost * 2;
  await expect(confirm.getByText(Editor.confirmTotal(cost))).toBeVisible();
  await expect.poll(() => focusIsInside(confirm)).toBe(true);
  // Round and round its controls; past the last one the focus may visit the browser's own controls
  // (antd lets it), but never the page behind the dialog.
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsBehind(confirm)).toBe(false);
  }
  await tabTo(confirm.getByRole('button', { name: Editor.cancel }));
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(send).toBeFocused();

  // Sent, with the confirmation's own Send button.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(confirm.getByRole('button', { name: Editor.confirmSend, exact: true }));
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/history');
  expect(await newestOrderPersons(page)).toEqual([
    { id: 'Person 1', services: 1 },
    { id: 'Person 2', services: 3 },
  ]);
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS - cost);
});
