import type { DraftWrite, StoredDraft } from '../stores/editor-draft-store';

// The draft store as a test replaces it (vi.mock): IndexedDB in memory, with happy-dom's files as they are.
let kept: StoredDraft | null = null;

/** What the device holds now. */
export const memoryDraft = () => kept;

export function resetMemoryDraft(draft: StoredDraft | null = null) {
  kept = draft;
}

export function readDraft(): Promise<StoredDraft | null> {
  return Promise.resolve(kept);
}

export function writeDraft({ choices, photo, facePhoto }: DraftWrite): Promise<void> {
  kept = {
    choices: structuredClone(choices),
    photo: photo === undefined ? (kept?.photo ?? null) : photo,
    facePhoto: facePhoto === undefined ? (kept?.facePhoto ?? null) : facePhoto,
  };
  return Promise.resolve();
}

export function clearDraft(): Promise<void> {
  kept = null;
  return Promise.resolve();
}
