import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecodedImage, openEditor, uploadPhoto, type EditorView } from '../test/editor-harness';
import { resetMemoryDraft } from '../test/memory-draft-store';
import { EditorText } from '../texts';

vi.mock('@/features/editor/stores/editor-draft-store', () => import('../test/memory-draft-store'));

beforeAll(async () => {
  await import('@/pages/core-page');
});

beforeEach(() => {
  resetMemoryDraft();
  DecodedImage.size = { width: 1200, height: 800 };
  vi.stubGlobal('Image', DecodedImage);
});

async function addPersons({ user }: EditorView, count: number) {
  for (let i = 0; i < count; i += 1) {
    screen.getByRole('button', { name: EditorText.addPerson }).focus();
    await user.keyboard('{Enter}');
  }
}

/** The picture each person's marker shows, in the order of the persons. */
const avatarsShown = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const marker = screen.getByRole('button', { name: EditorText.markerOf(`Person ${i + 1}`) });
    return marker.querySelector('img')?.getAttribute('src') ?? null;
  });

// Customer side section 9: "person avatars use 9 images".
describe('person markers', () => {
  it('show one of nine avatar images each, a different one for each of the nine persons', async () => {
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await addPersons(view, 9);
    const shown = avatarsShown(9);
    expect(shown.every((src) => src !== null && src.startsWith('data:image/svg+xml'))).toBe(true);
    expect(new Set(shown).size).toBe(9);
  });
});
