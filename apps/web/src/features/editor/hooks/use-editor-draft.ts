import type { PublicGroup } from '@retouch/shared/catalog';
import { useEffect, useState, useSyncExternalStore, type Dispatch } from 'react';
import { restoreEditorState, toStoredChoices } from '../model/editor-draft';
import {
  isBlank,
  type EditorAction,
  type EditorState,
  type FacePhoto,
  type LoadedPhoto,
} from '../model/editor-reducer';
import {
  clearDraft,
  readDraft,
  writeDraft,
  type StoredFacePhoto,
  type StoredPhoto,
} from '../stores/editor-draft-store';

/** Where the draft stands on the device: nothing to keep, a write under way, kept, or not kept. */
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

const storedPhoto = (photo: LoadedPhoto | null): StoredPhoto | null =>
  photo && { blob: photo.file, name: photo.file.name, width: photo.width, height: photo.height };
const storedFacePhoto = (face: FacePhoto | null): StoredFacePhoto | null =>
  face && { blob: face.file, name: face.file.name };

const fileOf = (stored: { blob: Blob; name: string }) =>
  new File([stored.blob], stored.name, { type: stored.blob.type });
const loadedPhoto = (stored: StoredPhoto | null): LoadedPhoto | null =>
  stored && {
    file: fileOf(stored),
    url: URL.createObjectURL(stored.blob),
    width: stored.width,
    height: stored.height,
  };
const facePhoto = (stored: StoredFacePhoto | null): FacePhoto | null =>
  stored && { file: fileOf(stored), url: URL.createObjectURL(stored.blob) };

/**
 * Keeps the editor's state on the device as it changes, one write after the other: the choices every
 * time, a photo only when it is another one (it may weigh 25 MB). A blank editor clears what was kept.
 */
function createDraftKeeper() {
  let status: DraftStatus = 'idle';
  let writes = 0;
  // What the device holds: the photos last written (by identity), and whether anything is kept.
  let held: { photo: LoadedPhoto | null; facePhoto: FacePhoto | null; blank: boolean } = {
    photo: null,
    facePhoto: null,
    blank: true,
  };
  const listeners = new Set<() => void>();
  const setStatus = (next: DraftStatus) => {
    status = next;
    listeners.forEach((listener) => listener());
  };
  const track = (write: Promise<void>, done: DraftStatus) => {
    const id = (writes += 1);
    setStatus('saving');
    write.then(
      () => id === writes && setStatus(done),
      () => {
        if (id !== writes) return;
        // Written or not, the next write carries the photos again.
        held = { photo: null, facePhoto: null, blank: false };
        setStatus('failed');
      },
    );
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,
    /** The state was just restored from the device: its photos are there already. */
    restored(state: EditorState) {
      held = { photo: state.photo, facePhoto: state.facePhoto, blank: false };
    },
    keep(state: EditorState) {
      const blank = isBlank(state);
      if (blank && held.blank) return;
      const write = blank
        ? clearDraft()
        : writeDraft({
            choices: toStoredChoices(state),
            ...(state.photo !== held.photo && { photo: storedPhoto(state.photo) }),
            ...(state.facePhoto !== held.facePhoto && { facePhoto: storedFacePhoto(state.facePhoto) }),
          });
      held = { photo: state.photo, facePhoto: state.facePhoto, blank };
      track(write, blank ? 'idle' : 'saved');
    },
    /** Forgets the draft once the order is sent; a later change keeps a new one, photos and all. */
    forget() {
      held = { photo: null, facePhoto: null, blank: true };
      track(clearDraft(), 'idle');
    },
  };
}

interface EditorDraft {
  /** False until the draft kept on the device has been read (and restored, when there was one). */
  ready: boolean;
  status: DraftStatus;
  /** Forgets the kept draft: the order was sent. */
  forget: () => void;
}

/**
 * The editor's draft on this device (IndexedDB), so that logging in from 'SEND TO RETOUCH', or a
 * reload, loses nothing: restored when the editor opens (once the catalogue is there to look its
 * services up in), then kept as it changes, until the order is sent or the draft discarded.
 */
export function useEditorDraft(
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
  groups: readonly PublicGroup[] | undefined,
): EditorDraft {
  const [keeper] = useState(createDraftKeeper);
  const [ready, setReady] = useState(false);
  const status = useSyncExternalStore(keeper.subscribe, keeper.status);

  useEffect(() => {
    if (ready || !groups) return;
    let live = true;
    void readDraft()
      .catch(() => null)
      .then((draft) => {
        if (!live) return;
        if (draft) {
          const photos = { photo: loadedPhoto(draft.photo), facePhoto: facePhoto(draft.facePhoto) };
          const restored = restoreEditorState(draft.choices, photos, groups);
          keeper.restored(restored);
          dispatch({ type: 'draftRestored', state: restored });
        }
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, [ready, groups, keeper, dispatch]);

  useEffect(() => {
    if (ready) keeper.keep(state);
  }, [ready, state, keeper]);

  return { ready, status, forget: keeper.forget };
}
