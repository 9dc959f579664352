import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { OrderText } from '@retouch/shared/orders';
import { openEditorWithPhoto } from '../support/editor';
import { expectBalances, logInNewCustomer } from '../support/customer';
import { expect, test } from '../support/test';

// Accessible names of /core (apps/web/src/features/editor/texts.ts).
const Editor = {
  send: 'SEND TO RETOUCH',
  comment: 'Comment for the designer',
  options: (service: string) => `Options: ${service}`,
  degree: (service: string) => `Degree: ${service}`,
  chosenFor: (person: string) => `Chosen for ${person}`,
  confirmTitle: 'Send the order to retouch?',
  confirmTotal: (coins: number) => `Total: ${coins} coins`,
  confirmTime: (minutes: number) => `Time: ${minutes} minutes`,
  confirmSend: 'Send',
  insufficientFundsTitle: 'Insufficient funds',
  insufficientFunds: OrderText.insufficientFunds,
  buyTokens: 'Buy tokens',
};

// The seeded demo catalogue (apps/server/src/seed-catalog.ts): title, cost and minutes.
const Seed = {
  skin: { title: 'Skin retouch', cost: 5, minutes: 15 }, // degrees, allows a message
  eyes: { title: 'Eyes', cost: 3, minutes: 10 }, // degrees, two options
  whiten: { title: 'Whiten the whites', cost: 2, minutes: 5 }, // an option of Eyes
  teeth: { title: 'Teeth whitening', cost: 2, minutes: 5 },
};
const BASE_MINUTES = 10;

/** antd keeps its radio inputs out of the pointer's way: the label is what a person clicks. */
const radioLabel = (page: Page, name: string) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) });

const serviceCard = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Services' })
    .getByRole('button', { name: new RegExp(`^${title} \\d+ coins?$`) });

/** The draft picture of the customer's newest order, as the orders API lists it. */
async function newestOrderDraft(page: Page): Promise<string> {
  const answer = await page.request.get('/api/orders/user/?limit=5&page=1&sortByDate=DESC');
  expect(answer.ok()).toBe(true);
  const { orders } = (await answer.json()) as { orders: Array<{ pictures: { draft: string } }> };
  return orders[0]!.pictures.draft;
}

/** Pixels of the markers' blue; the test photo has none. */
function countBluePixels(data: Buffer, channels: number): number {
  let count = 0;
  for (let i = 0; i < data.length; i += channels) {
    if (data[i]! < 100 && data[i + 2]! > 200) count += 1;
  }
  return count;
}

/** Sends the order through the confirmation and waits for the history. */
async function confirmAndSend(page: Page, cost: number, minutes: number) {
  await page.getByRole('button', { name: Editor.send }).click();
  const confirm = page.getByRole('dialog', { name: Editor.confirmTitle });
  await expect(confirm.getByText(Editor.confirmTotal(cost))).toBeVisible();
  await expect(confirm.getByText(Editor.confirmTime(minutes))).toBeVisible();
  await confirm.getByRole('button', { name: Editor.confirmSend, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/history');
}

test('a customer marks two persons, chooses services with an option, a degree and a comment, and sends', async ({
  page,
}) => {
  await logInNewCustomer(page, 'e2e-editor');
  await openEditorWithPhoto(page);

  // The 800 x 800 photo is fitted in the middle of the 700 x 400 canvas (x 150 to 550).
  const canvas = page.getByTestId('editor-canvas');
  await canvas.click({ position: { x: 250, y: 150 } });
  await canvas.click({ position: { x: 450, y: 250 } });
  await expect(radioLabel(page, 'Person 1')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Person 2' })).toBeChecked();

  // Person 2: eyes, whitened, strongly.
  await serviceCard(page, Seed.eyes.title).click();
  await expect(serviceCard(page, Seed.eyes.title)).toHaveAttribute('aria-pressed', 'true');
  const options = page.getByRole('group', { name: Editor.options(Seed.eyes.title) });
  await options.getByRole('button', { name: new RegExp(`^${Seed.whiten.title}`) }).click();
  await expect(options.getByRole('button', { name: new RegExp(`^${Seed.whiten.title}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const degree = page.getByRole('radiogroup', { name: Editor.degree(Seed.eyes.title) });
  await expect(degree.getByRole('radio', { name: 'Medium' })).toBeChecked();
  await degree.locator('label').filter({ hasText: 'Strong' }).click();
  await expect(degree.getByRole('radio', { name: 'Strong' })).toBeChecked();

  // Person 1: teeth. The whole photo: skin, with a comment.
  await radioLabel(page, 'Person 1').click();
  await expect(page.getByRole('region', { name: Editor.chosenFor('Person 1') })).toBeVisible();
  await serviceCard(page, Seed.teeth.title).click();
  await expect(page.getByLabel(Editor.comment)).toHaveCount(0);
  await radioLabel(page, 'photo').click();
  await serviceCard(page, Seed.skin.title).click();
  await page.getByLabel(Editor.comment).fill('Keep the freckles, please');

  const cost = Seed.eyes.cost + Seed.whiten.cost + Seed.teeth.cost + Seed.skin.cost;
  const minutes =
    BASE_MINUTES + Seed.eyes.minutes + Seed.whiten.minutes + Seed.teeth.minutes + Seed.skin.minutes;
  await expect(page.getByTestId('editor-cost')).toContainText(String(cost));
  // The countdown runs from the order's minutes.
  await expect(page.getByText(new RegExp(`^00:(${minutes}|${minutes - 1}):\\d\\d$`))).toBeVisible();

  await confirmAndSend(page, cost, minutes);
  await expect(page.getByRole('progressbar', { name: OrderText.lookingForDesigner })).toHaveCount(1);
  // The history lists the persons and their services.
  await expect(page.getByText('Person 2', { exact: true })).toBeVisible();
  await expect(page.getByText(Seed.whiten.title)).toBeVisible();
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS - cost);

  // The draft sent with the order is the photo at its own size with the two markers drawn on it.
  const draft = await page.request.get(await newestOrderDraft(page));
  expect(draft.ok()).toBe(true);
  const { data, info } = await sharp(await draft.body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([800, 800]);
  expect(countBluePixels(data, info.channels)).toBeGreaterThan(500);
});

test('a customer left with 10 tokens meets the insufficient-funds modal, which leads to the buy dialog', async ({
  page,
}) => {
  await logInNewCustomer(page, 'e2e-editor');

  // 20 tokens: the order goes to the confirmation, not to the modal; it costs 10.
  await openEditorWithPhoto(page);
  await serviceCard(page, Seed.skin.title).click();
  await serviceCard(page, Seed.eyes.title).click();
  await serviceCard(page, Seed.teeth.title).click();
  const cost = Seed.skin.cost + Seed.eyes.cost + Seed.teeth.cost;
  expect(cost).toBe(10);
  await confirmAndSend(page, cost, BASE_MINUTES + Seed.skin.minutes + Seed.eyes.minutes + Seed.teeth.minutes);
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS - cost);

  // 10 tokens left: sending needs more than 10.
  await openEditorWithPhoto(page);
  await serviceCard(page, Seed.teeth.title).click();
  await page.getByRole('button', { name: Editor.send }).click();
  const modal = page.getByRole('dialog', { name: Editor.insufficientFundsTitle });
  await expect(modal.getByText(Editor.insufficientFunds)).toBeVisible();
  await expect(page.getByRole('dialog', { name: Editor.confirmTitle })).toHaveCount(0);

  await modal.getByRole('button', { name: Editor.buyTokens }).click();
  await expect(modal).toBeHidden();
  const buy = page.getByRole('dialog', { name: Editor.buyTokens });
  await expect(buy).toBeVisible();
  await expect(buy.getByRole('radio').first()).toBeVisible();
});
