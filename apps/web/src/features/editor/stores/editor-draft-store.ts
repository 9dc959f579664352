import { clear, createStore, getMany, setMany, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { storedChoicesSchema, type StoredChoices } from '../model/editor-draft';

/** Any Blob: a browser's, or another realm's (tests), told by its shape. */
const blobSchema = z.custom<Blob>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).arrayBuffer === 'function',
);

const storedFacePhotoSchema = z.object({ blob: blobSchema, name: z.string() });
const storedPhotoSchema = storedFacePhotoSchema.extend({
  width: z.number().positive(),
  height: z.number().positive(),
});

/** The order photo as the device keeps it: the file itself, its name and its decoded size. */
export type StoredPhoto = z.infer<typeof storedPhotoSchema>;
export type StoredFacePhoto = z.infer<typeof storedFacePhotoSchema>;

export interface StoredDraft {
  choices: StoredChoices;
  photo: StoredPhoto | null;
  facePhoto: StoredFacePhoto | null;
}

/** One write of the draft: the choices every time, a photo only when it changed (it may weigh 25 MB). */
export interface DraftWrite {
  choices: StoredChoices;
  photo?: StoredPhoto | null;
  facePhoto?: StoredFacePhoto | null;
}

const KEYS = ['choices', 'photo', 'facePhoto'] as const;
let store: UseStore | undefined;
// Opened on first use: a page that never opens the editor never opens the database.
const draftStore = () => (store ??= createStore('retouch-editor', 'draft'));

/** The editor draft kept on this device (IndexedDB), or null when there is none this version can read. */
export async function readDraft(): Promise<StoredDraft | null> {
  const [choices, photo, facePhoto] = await getMany([...KEYS], draftStore());
  const parsed = storedChoicesSchema.safeParse(choices);
  if (!parsed.success) return null;
  const photoRead = storedPhotoSchema.safeParse(photo);
  const faceRead = storedFacePhotoSchema.safeParse(facePhoto);
  return {
    choices: parsed.data,
    photo: photoRead.success ? photoRead.data : null,
    facePhoto: faceRead.success ? faceRead.data : null,
  };
}

/** Keeps the draft, in one transaction: the choices and the photos it names are never written apart. */
export async function writeDraft({ choices, photo, facePhoto }: DraftWrite): Promise<void> {
  const entries: [string, unknown][] = [['choices', choices]];
  if (photo !== undefined) entries.push(['photo', photo]);
  if (facePhoto !== undefined) entries.push(['facePhoto', facePhoto]);
  await setMany(entries, draftStore());
}

/** Forgets the draft: sent, or discarded. */
export async function clearDraft(): Promise<void> {
  await clear(draftStore());
}
