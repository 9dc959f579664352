import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { History, expectBalances, logInNewCustomer } from '../support/customer';
import { ASTRONAUT_JPEG, groupPhoto } from '../support/face-photos';
import { expect, test } from '../support/test';

// Accessible names of /core (apps/web/src/features/editor/texts.ts and faces/texts.ts).
const Editor = {
  heading: 'Retouch editor',
  cookieNotice: 'Cookie notice',
  agree: 'AGREE',
  faces: 'Faces found on the photo',
  acceptAll: 'Accept all',
  send: 'SEND TO RETOUCH',
  confirmTitle: 'Send the order to retouch?',
  confirmSend: 'Send',
};
const TEETH = { title: 'Teeth whitening', cost: 2, minutes: 5 }; // the seeded catalogue's
/**
 * A bound for the detector (loaded on demand, then run on WebGL in software here), not a wait: past
 * 30 s the editor gives up on the faces (faces/find-faces.ts).
 */
const DETECTION_LIMIT_MS = 45_000;

/** What the page asked of other hosts, and what its Content Security Policy refused. */
async function watchPage(page: Page) {
  const refused: string[] = [];
  const elsewhere: string[] = [];
  await page.exposeFunction('reportRefusal', (refusal: string) => refused.push(refusal));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportRefusal: (refusal: string) => void }).reportRefusal;
    document.addEventListener('securitypolicyviolation', (event) =>
      report(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') elsewhere.push(request.url());
  });
  return { refused, elsewhere };
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page
    .getByTestId('photo-upload')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer });
  await expect(page.getByTestId('editor-canvas')).toBeVisible();
}

const faces = (page: Page) => page.getByRole('region', { name: Editor.faces });
const radioLabel = (page: Page, name: string) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) });
const teethCard = (page: Page) =>
  page
    .getByRole('region', { name: 'Services' })
    .getByRole('button', { name: new RegExp(`^${TEETH.title} \\d+ coins?$`) });

test('faces found on the photo in the browser become persons, and are sent', async ({ page }) => {
  const watched = await watchPage(page);
  await logInNewCustomer(page, 'e2e-faces');
  await page.goto('/core');
  await expect(page.getByRole('heading', { name: Editor.heading, level: 1 })).toBeVisible();
  const policy = await page.request.get('/core');
  expect(policy.headers()['content-security-policy']).toContain("default-src 'self'");
  const cookies = page.getByRole('region', { name: Editor.cookieNotice });
  if (await cookies.isVisible()) await cookies.getByRole('button', { name: Editor.agree }).click();

  // The detector and its weights come with the first photo, from the app's own origin.
  const weights = page.waitForResponse(
    (answer) => /\/assets\/tiny_face_detector_model-[\w-]+\.bin$/.test(answer.url()),
    {
      timeout: DETECTION_LIMIT_MS,
    },
  );
  await upload(page, 'astronaut.jpg', await readFile(ASTRONAUT_JPEG));
  expect((await weights).status()).toBe(200);
  await expect(faces(page).getByRole('listitem')).toHaveCount(1, { timeout: DETECTION_LIMIT_MS });
  await expect(faces(page).getByText('1 face found.', { exact: false })).toBeVisible();

  // A group of three: no marks on the first photo, so it is simply replaced.
  await upload(page, 'group.jpg', await groupPhoto({ width: 1536, height: 1024, columns: 3, rows: 1 }));
  await expect(faces(page).getByRole('listitem')).toHaveCount(3, { timeout: DETECTION_LIMIT_MS });
  await expect(faces(page).getByRole('listitem', { name: 'Face 1' })).toBeVisible();
  // Suggestions are not persons until accepted.
  await expect(page.getByRole('radio')).toHaveCount(1);

  await faces(page).getByRole('button', { name: Editor.acceptAll }).click();
  await expect(faces(page)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Person 1' })).toBeChecked();
  await expect(page.getByRole('radio')).toHaveCount(4);

  for (const person of ['Person 1', 'Person 2', 'Person 3']) {
    await radioLabel(page, person).click();
    await expect(page.getByRole('radio', { name: person })).toBeChecked();
    await teethCard(page).click();
    await expect(teethCard(page)).toHaveAttribute('aria-pressed', 'true');
  }

  await page.getByRole('button', { name: Editor.send }).click();
  const confirm = page.getByRole('dialog', { name: Editor.confirmTitle });
  for (const person of ['Person 1', 'Person 2', 'Person 3'])
    await expect(confirm.getByText(person, { exact: true })).toBeVisible();
  await expect(confirm.getByText(`Total: ${3 * TEETH.cost} coins`)).toBeVisible();
  await confirm.getByRole('button', { name: Editor.confirmSend, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/history');
  await expectBalances(page, 0, REGISTRATION_BONUS_TOKENS - 3 * TEETH.cost);
  // The history's own order, not the editor's persons list, which may still be leaving the screen.
  await expect(page.getByRole('heading', { name: History.heading })).toBeVisible();
  await expect(page.getByRole('main').getByText('Person 3', { exact: true })).toBeVisible();

  // Under the app's CSP (default-src 'self', no 'unsafe-eval' nor 'wasm-unsafe-eval'), with nothing
  // fetched from elsewhere. Refused and caught, each library then takes its fallback: zod's probe for eval
  // (its faster parsers; on every page that validates) and long.js's WebAssembly multiply in face-api.
  const probes = [
    /^script-src eval at http:\/\/127\.0\.0\.1:\d+\/assets\/schemas-[\w-]+\.js:/,
    /^script-src wasm-eval at http:\/\/127\.0\.0\.1:\d+\/assets\/face-detector-[\w-]+\.js:/,
  ];
  expect(watched.refused.filter((refusal) => !probes.some((probe) => probe.test(refusal)))).toEqual([]);
  expect(watched.elsewhere).toEqual([]);
});
