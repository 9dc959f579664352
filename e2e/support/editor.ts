import type { Page } from '@playwright/test';
import { solidPng } from './images';
import { expect } from './test';

// Accessible names of /core (apps/web/src/features/editor/texts.ts).
const EditorPage = {
  heading: 'Retouch editor',
  cookieNotice: 'Cookie notice',
  agree: 'AGREE',
};

/** Opens the editor, agrees to the cookies and loads a square photo. */
export async function openEditorWithPhoto(page: Page) {
  await page.goto('/core');
  await expect(page.getByRole('heading', { name: EditorPage.heading, level: 1 })).toBeVisible();
  const cookies = page.getByRole('region', { name: EditorPage.cookieNotice });
  if (await cookies.isVisible()) {
    await cookies.getByRole('button', { name: EditorPage.agree }).click();
    await expect(cookies).toBeHidden();
  }
  await page
    .getByTestId('photo-upload')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: await solidPng(800, [200, 160, 130]),
    });
  // Loaded: the canvas's empty-state hint is replaced by the photo, and 'photo' is the only person.
  await expect(page.getByRole('radio', { name: 'photo' })).toBeChecked();
}
