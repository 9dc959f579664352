import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { DispatchText } from '@retouch/shared/dispatch';
import { OrderText } from '@retouch/shared/orders';
import { ReviewText } from '@retouch/shared/review';
import sharp from 'sharp';
import { expectBalances, History, logInNewCustomer, sendOrder } from '../../support/customer';
import { Cabinet, designerOnDuty, moderatorOnDuty, sendResult } from '../../support/staff';

// Labels of the moderator workplace (apps/web/src/features/moderator-workplace/texts.ts).
const Workplace = {
  goOnDuty: 'Выйти на дежурство',
  searching: 'Идёт поиск заказа на проверку…',
  approve: 'Принять',
  fix: 'Исправить',
  notAgree: 'Не согласен',
  canvas: 'Холст с результатом дизайнера',
  comment: 'Комментарий для дизайнера',
  sendBack: 'Отправить на доработку',
  stopReviewing: 'Завершить проверку',
  orderArrived: 'Заказ на проверку получен',
  region: 'Область изображения',
  regionMarkText: 'Текст отметки',
  regionMarkAdded: 'Отметка добавлена: Внизу справа',
};

/** What the back office's polite live region says (apps/web/src/lib/live-announcer.tsx). */
const spoken = (page: Page) => page.locator('#live-announcer-polite');

const FIRST_RESULT = [30, 160, 90] as const;
const SECOND_RESULT = [40, 90, 200] as const;

async function newPage(browser: Browser) {
  return (await browser.newContext({ acceptDownloads: true })).newPage();
}

/** The mean colour of a picture, to tell the designer's two results apart after re-encoding. */
async function meanColour(picture: Buffer) {
  const { channels } = await sharp(picture).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

/**
 * How many pixels of a picture are the brush's blue, not the result's green; only right of `left` and
 * below `top` (shares of the width and height) when given.
 */
async function bluePixels(picture: Buffer, { left = 0, top = 0 } = {}) {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let index = 0; index < data.length; index += info.channels) {
    const pixel = index / info.channels;
    const inside = pixel % info.width >= left * info.width && pixel / info.width >= top * info.height;
    if (inside && data[index + 2]! > 170 && data[index + 1]! < 100) count += 1;
  }
  return count;
}

function expectColourNear(actual: number[], expected: readonly number[]) {
  actual.forEach((value, index) => expect(Math.abs(value - expected[index]!)).toBeLessThan(12));
}

// The designer and the moderator are the seeded accounts: the journeys run one after the other.
test.describe.configure({ mode: 'serial' });

test('an order goes to the designer, is sent back by the moderator with a drawn mark and one made with the keyboard, reworked, approved, downloaded and tipped', async ({
  browser,
}) => {
  const desk = await newPage(browser);
  await designerOnDuty(desk);
  const moderator = await newPage(browser);
  await moderatorOnDuty(moderator);

  const customer = await newPage(browser);
  await logInNewCustomer(customer, 'e2e-moderation');
  const message = `Whiter teeth please ${Date.now()}`;
  const { orderId, cost } = await sendOrder(customer, message);
  await customer.goto('/history');
  const row = customer.locator(`tr[data-row-key="${orderId}"]`);

  // The designer has it live and hands in a first result; the moderator has it for review at once.
  // Screen readers are told of both arrivals once: by the notice, an alert, and not again by the announcer.
  await expect(desk.getByRole('alert').filter({ hasText: DispatchText.orderReceived })).toBeVisible();
  await expect(desk.getByText(message)).toBeVisible();
  await expect(spoken(desk)).not.toContainText(DispatchText.orderReceived);
  await sendResult(desk, FIRST_RESULT);
  await expect(moderator.getByRole('alert').filter({ hasText: Workplace.orderArrived })).toBeVisible();
  await expect(moderator.getByText(message)).toBeVisible();
  await expect(spoken(moderator)).not.toContainText(Workplace.orderArrived);
  // In review with time left: in progress (customer side, section 4), being moderated only once it ran out.
  await expect(row.getByLabel(OrderText.inProgress)).toBeVisible();

  // Fix: a stroke drawn on the result, a comment, and the marked-up picture sent back.
  await moderator.getByRole('button', { name: Workplace.fix }).click();
  const canvas = moderator.getByRole('region', { name: Workplace.canvas }).locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  await moderator.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await moderator.mouse.down();
  await moderator.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.6, { steps: 8 });
  await moderator.mouse.up();
  // And a mark without the mouse: the bottom right region chosen with the arrows, with a text.
  const grid = moderator.getByRole('radiogroup', { name: Workplace.region });
  await grid.getByRole('radio', { checked: true }).focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown'])
    await moderator.keyboard.press(key);
  const corner = grid.getByRole('radio', { name: 'Внизу справа' });
  await expect(corner).toBeFocused();
  await expect(corner).toBeChecked();
  await moderator.keyboard.press('Tab');
  await expect(moderator.getByLabel(Workplace.regionMarkText)).toBeFocused();
  await moderator.keyboard.type('Блик');
  await moderator.keyboard.press('Enter');
  await expect(spoken(moderator)).toContainText(Workplace.regionMarkAdded);
  const remark = 'The teeth look green, make them white';
  await moderator.getByLabel(Workplace.comment).fill(remark);
  await moderator.getByRole('button', { name: Workplace.sendBack }).click();
  await expect(moderator.getByText(ReviewText.sentBack).first()).toBeVisible();
  await expect(moderator.getByText(Workplace.searching)).toBeVisible();

  // Back to the same designer, free and on duty, with the moderator's picture and comment.
  const remarks = desk.getByRole('region', { name: Cabinet.moderatorRemarks });
  await expect(remarks.getByText(remark)).toBeVisible();
  const markedUp = remarks.getByRole('img', { name: Cabinet.moderatorPicture });
  await expect(markedUp).toBeVisible();
  const markedUpPicture = await desk.request.get((await markedUp.getAttribute('src'))!);
  expect(markedUpPicture.ok()).toBe(true);
  // The blue stroke is on the green result, and the keyboard's blue frame in its bottom right ninth,
  // where the stroke does not reach.
  const markedUpBytes = await markedUpPicture.body();
  expect(await bluePixels(markedUpBytes)).toBeGreaterThan(50);
  expect(await bluePixels(markedUpBytes, { left: 0.67, top: 0.67 })).toBeGreaterThan(50);
  await sendResult(desk, SECOND_RESULT);

  // The moderator approves the rework; the customer's history shows it executed, live.
  await expect(moderator.getByText(message)).toBeVisible();
  await moderator.getByRole('button', { name: Workplace.approve }).click();
  await expect(moderator.getByText(ReviewText.approved).first()).toBeVisible();
  await expect(row.getByLabel(OrderText.executed)).toBeVisible();

  // The final picture in the compare is the reworked result, and it downloads as image.jpg.
  await row.getByRole('button', { name: History.more }).click();
  const dialog = customer.getByRole('dialog');
  const after = await dialog.getByRole('img', { name: 'After' }).getAttribute('src');
  const before = await dialog.getByRole('img', { name: 'Before' }).getAttribute('src');
  expect(after).not.toBe(before);
  const downloading = customer.waitForEvent('download');
  await dialog.getByRole('button', { name: History.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('image.jpg');
  expectColourNear(await meanColour(await readFile((await download.path())!)), SECOND_RESULT);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A tip of 10 for the designer.
  await row.getByRole('button', { name: History.leaveTip }).click();
  const tipDialog = customer.getByRole('dialog');
  await tipDialog.getByRole('button', { name: '10' }).click();
  await tipDialog.getByRole('button', { name: History.sendTip }).click();
  await expect(row.getByRole('cell', { name: '10', exact: true })).toBeVisible();
  await expectBalances(customer, 0, REGISTRATION_BONUS_TOKENS - cost - 10);

  await desk.getByRole('button', { name: Cabinet.endShift }).click();
  await moderator.getByRole('button', { name: 'Отменить поиск' }).click();
  await Promise.all([desk, moderator, customer].map((page) => page.context().close()));
});

test("a designer's refusal agreed by the moderator returns the customer's tokens", async ({ browser }) => {
  const desk = await newPage(browser);
  await designerOnDuty(desk);
  const moderator = await newPage(browser);
  await moderatorOnDuty(moderator);

  const customer = await newPage(browser);
  await logInNewCustomer(customer, 'e2e-refusal');
  const message = `Remove the background ${Date.now()}`;
  const { orderId, cost } = await sendOrder(customer, message);
  await customer.goto('/history');
  await expectBalances(customer, 0, REGISTRATION_BONUS_TOKENS - cost);
  const row = customer.locator(`tr[data-row-key="${orderId}"]`);

  // The designer refuses with a reason, confirmed.
  await expect(desk.getByText(message)).toBeVisible();
  await desk.getByLabel(Cabinet.refuseReason).click();
  await desk.getByTitle('Лица на фото не видно').click();
  await desk.getByRole('button', { name: Cabinet.refuse }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(desk.getByText(DispatchText.orderRefused).first()).toBeVisible();

  // The moderator reads the reason and agrees: the order is refused and the tokens come back, live.
  await expect(
    moderator.getByText('The designer refused the order for reason: Лица на фото не видно'),
  ).toBeVisible();
  await moderator.getByRole('button', { name: Workplace.approve }).click();
  await expect(moderator.getByText(ReviewText.refusalAccepted).first()).toBeVisible();
  await expect(row.getByLabel(OrderText.cancelled)).toBeVisible();
  await expectBalances(customer, 0, REGISTRATION_BONUS_TOKENS);

  await row.getByRole('button', { name: History.more }).click();
  await expect(
    customer
      .getByRole('dialog')
      .getByText(`${OrderText.rejectedForReason} The face is not visible on the photo`),
  ).toBeVisible();
  await expect(customer.getByRole('dialog').getByRole('button', { name: History.forRevision })).toHaveCount(
    0,
  );

  await desk.getByRole('button', { name: Cabinet.endShift }).click();
  await moderator.getByRole('button', { name: 'Отменить поиск' }).click();
  await Promise.all([desk, moderator, customer].map((page) => page.context().close()));
});
