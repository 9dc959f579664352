import type { Browser, Locator, Page } from '@playwright/test';
import { OrderText } from '@retouch/shared/orders';
import { ReviewText } from '@retouch/shared/review';
import sharp from 'sharp';
import { History, logInNewCustomer, sendOrder } from '../support/customer';
import { Cabinet, designerOnDuty, ModeratorDesk, moderatorOnDuty, sendResultPicture } from '../support/staff';
import { expect, test } from '../support/test';

// The review viewer's words (apps/web/src/components/review-viewer/review-viewer-texts.ts).
const Viewer = {
  customer: {
    region: 'Compare the original and the result',
    before: 'Before',
    after: 'After',
    difference: 'Difference',
    differenceMap: /^Difference between the original and the result/,
    changed: /^Changed: /,
    resume: 'Resume',
    lens: /^Loupe at 1:1/,
  },
  staff: {
    region: 'Сравнение оригинала и результата',
    before: 'До',
    after: 'После',
    difference: 'Разница',
    differenceMap: /^Разница оригинала и результата/,
    changed: /^Изменено: /,
    reducedMotion: /^Мигание выключено/,
    showBefore: 'Показать оригинал',
    lens: /^Лупа 1:1/,
  },
};
// sendOrder's original: 300 x 300 of one colour. The designer's result repaints its top-left corner only.
const ORIGINAL_SIZE = 300;
const ORIGINAL_RGB = { r: 200, g: 150, b: 120 };
const BLOCK = { size: 120, rgb: { r: 30, g: 160, b: 90 } };
/** Parts of the difference map in fractions of its size: well inside the repainted block, and far from it. */
const IN_BLOCK = { left: 0.05, top: 0.05, right: 0.3, bottom: 0.3 };
const FAR_FROM_BLOCK = { left: 0.6, top: 0.6, right: 0.95, bottom: 0.95 };

function resultWithBlock() {
  const block = sharp({
    create: { width: BLOCK.size, height: BLOCK.size, channels: 3, background: BLOCK.rgb },
  })
    .png()
    .toBuffer();
  return block.then((input) =>
    sharp({ create: { width: ORIGINAL_SIZE, height: ORIGINAL_SIZE, channels: 3, background: ORIGINAL_RGB } })
      .composite([{ input, left: 0, top: 0 }])
      .png()
      .toBuffer(),
  );
}

type Part = typeof IN_BLOCK;

/** The mean heat (R + G + B, 0 to 765) the difference map shows over a part of it. */
function meanHeat(canvas: Locator, part: Part) {
  return canvas.evaluate((node, { left, top, right, bottom }) => {
    const map = node as HTMLCanvasElement;
    if (map.width === 0 || map.height === 0) return 0;
    const x = Math.round(left * map.width);
    const y = Math.round(top * map.height);
    const width = Math.max(1, Math.round((right - left) * map.width));
    const height = Math.max(1, Math.round((bottom - top) * map.height));
    const { data } = map.getContext('2d')!.getImageData(x, y, width, height);
    let sum = 0;
    for (let index = 0; index < data.length; index += 4)
      sum += data[index]! + data[index + 1]! + data[index + 2]!;
    return sum / (data.length / 4);
  }, part);
}

/** The difference map is hot where the result was repainted and dark elsewhere. */
async function expectHotOnlyOnTheBlock(viewer: Locator, texts: { differenceMap: RegExp; changed: RegExp }) {
  const canvas = viewer.getByRole('img', { name: texts.differenceMap });
  await expect(viewer.getByText(texts.changed)).toBeVisible();
  await expect.poll(() => meanHeat(canvas, IN_BLOCK)).toBeGreaterThan(300);
  expect(await meanHeat(canvas, FAR_FROM_BLOCK)).toBeLessThan(40);
}

const centre = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
});

/** The loupe's lens appears centred under the mouse. */
async function expectLensUnderMouse(page: Page, viewer: Locator, picture: Locator, lensName: RegExp) {
  await picture.scrollIntoViewIfNeeded();
  const shown = (await picture.boundingBox())!;
  const pointer = { x: shown.x + shown.width * 0.4, y: shown.y + shown.height * 0.6 };
  await page.mouse.move(pointer.x, pointer.y);
  const lens = viewer.getByRole('img', { name: lensName });
  await expect(lens).toBeVisible();
  const lensCentre = centre((await lens.boundingBox())!);
  expect(Math.abs(lensCentre.x - pointer.x)).toBeLessThan(3);
  expect(Math.abs(lensCentre.y - pointer.y)).toBeLessThan(3);
  return lens;
}

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  return (await browser.newContext(options)).newPage();
}

test("the customer's result and the moderator's check show the review viewer: slider, difference, blink and loupe", async ({
  browser,
}) => {
  const desk = await newPage(browser);
  await designerOnDuty(desk);
  // The project's reduced motion stays for the moderator: blink mode switches by hand there.
  const moderator = await newPage(browser);
  await moderatorOnDuty(moderator);
  // The customer lets pictures move (blink mode blinks) and has a touch screen as well as a mouse.
  const customer = await newPage(browser, { reducedMotion: 'no-preference', hasTouch: true });
  await logInNewCustomer(customer, 'e2e-viewer');
  const message = `Repaint the corner ${Date.now()}`;
  const { orderId } = await sendOrder(customer, message);
  await customer.goto('/history');
  const row = customer.locator(`tr[data-row-key="${orderId}"]`);

  await expect(desk.getByText(message)).toBeVisible();
  await sendResultPicture(desk, await resultWithBlock());

  // The moderator's check: the same viewer, in Russian.
  await expect(moderator.getByText(message)).toBeVisible();
  const check = moderator.getByRole('region', { name: Viewer.staff.region });
  await expect(check.getByRole('img', { name: Viewer.staff.before, exact: true })).toBeVisible();
  await expect(check.getByRole('img', { name: Viewer.staff.after, exact: true })).toBeVisible();
  await check.getByRole('button', { name: Viewer.staff.difference }).click();
  await expectHotOnlyOnTheBlock(check, Viewer.staff);
  await moderator.keyboard.press('b');
  await expect(check.getByText(Viewer.staff.reducedMotion)).toBeVisible();
  await expect(check.getByRole('img', { name: Viewer.staff.after, exact: true })).toBeVisible();
  await check.getByRole('button', { name: Viewer.staff.showBefore }).click();
  await expect(check.getByRole('img', { name: Viewer.staff.before, exact: true })).toBeVisible();
  await moderator.keyboard.press('4');
  await expectLensUnderMouse(
    moderator,
    check,
    check.getByRole('img', { name: Viewer.staff.after, exact: true }),
    Viewer.staff.lens,
  );
  await moderator.getByRole('button', { name: ModeratorDesk.approve }).click();
  await expect(moderator.getByText(ReviewText.approved).first()).toBeVisible();

  // The customer's result.
  await expect(row.getByLabel(OrderText.executed)).toBeVisible();
  await row.getByRole('button', { name: History.more }).click();
  const viewer = customer.getByRole('dialog').getByRole('region', { name: Viewer.customer.region });
  const before = viewer.getByRole('img', { name: Viewer.customer.before, exact: true });
  const after = viewer.getByRole('img', { name: Viewer.customer.after, exact: true });
  await expect(viewer.getByRole('slider')).toBeVisible();
  await expect(before).toBeVisible();
  await expect(after).toBeVisible();

  await viewer.getByRole('button', { name: Viewer.customer.difference }).click();
  await expectHotOnlyOnTheBlock(viewer, Viewer.customer);

  // Blink: the picture shown changes by itself, from the result to the original and back; Space pauses.
  await customer.keyboard.press('2');
  await expect(after).toBeVisible();
  await expect(before).toBeVisible();
  await expect(after).toBeVisible();
  expect(await before.getAttribute('src')).not.toBe(await after.getAttribute('src'));
  await customer.keyboard.press('Space');
  await expect(viewer.getByRole('button', { name: Viewer.customer.resume })).toBeVisible();

  // Loupe: under the mouse, then above a finger that touches the picture.
  await customer.keyboard.press('l');
  const lens = await expectLensUnderMouse(customer, viewer, after, Viewer.customer.lens);
  await customer.mouse.move(0, 0);
  await expect(lens).toBeHidden();
  const picture = (await after.boundingBox())!;
  const finger = { x: picture.x + picture.width * 0.5, y: picture.y + picture.height * 0.8 };
  await customer.touchscreen.tap(finger.x, finger.y);
  await expect(lens).toBeVisible();
  const lifted = (await lens.boundingBox())!;
  expect(Math.abs(centre(lifted).x - finger.x)).toBeLessThan(3);
  expect(lifted.y + lifted.height).toBeLessThanOrEqual(finger.y);

  await desk.getByRole('button', { name: Cabinet.endShift }).click();
  await moderator.getByRole('button', { name: ModeratorDesk.cancelSearch }).click();
  await Promise.all([desk, moderator, customer].map((page) => page.context().close()));
});
