import type { PublicGroup } from '@retouch/shared/catalog';
import type { Balance } from '@retouch/shared/users';
import { screen } from '@testing-library/react';
import { useImperativeHandle } from 'react';
import { expect } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { EditorCanvasProps } from '../components/editor-canvas';
import { PersonMarkers } from '../components/person-markers';
import { EditorText } from '../texts';
import { bodyGroup, faceGroup } from './catalog';

// Konva draws on a real <canvas>, which happy-dom does not have (its getContext answers null), so every
// web test has this instead (test/setup.ts mocks the module for all files: they share the modules that
// import it): a button standing for a click on the photo, a snapshot, where each person's marker is, and
// a drag of each suggested face by (10, 5). The reducer, the panels, the checks and the sending stay real,
// and so do the keyboard's marker buttons, which are HTML over the stage (at scale 1 here).
export function FakeEditorCanvas({
  photo,
  onCanvasClick,
  ref,
  persons,
  activeIndex,
  onPersonClick,
  onPersonMove,
  onPersonDelete,
  markerFocus,
  faceSuggestions = [],
  onFaceSuggestionMove,
}: EditorCanvasProps) {
  useImperativeHandle(ref, () => ({
    snapshot: () => Promise.resolve(new Blob(['draft'], { type: 'image/jpeg' })),
  }));
  return (
    <div>
      <p>{photo ? `Showing ${photo.file.name}` : 'No photo'}</p>
      <button type="button" onClick={() => onCanvasClick({ x: 120, y: 80 })}>
        Click on the photo
      </button>
      <ul aria-label="Markers">
        {persons.map((person) =>
          person.position ? (
            <li key={person.name}>{`${person.name} at ${person.position.x},${person.position.y}`}</li>
          ) : null,
        )}
      </ul>
      <div style={{ position: 'relative' }}>
        <PersonMarkers
          persons={persons}
          activeIndex={activeIndex}
          scale={1}
          onSelect={onPersonClick}
          onMove={onPersonMove}
          onDelete={onPersonDelete}
          focus={markerFocus}
        />
      </div>
      {faceSuggestions.map(({ id, position }) => (
        <button
          key={id}
          type="button"
          onClick={() => onFaceSuggestionMove?.(id, { x: position.x + 10, y: position.y + 5 })}
        >
          {`Drag face ${id}`}
        </button>
      ))}
    </div>
  );
}

/** happy-dom decodes no images: this one "loads" any source at `DecodedImage.size` (1200 x 800 unless told). */
export class DecodedImage {
  static size = { width: 1200, height: 800 };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(_url: string) {
    setTimeout(() => {
      this.naturalWidth = DecodedImage.size.width;
      this.naturalHeight = DecodedImage.size.height;
      this.onload?.();
    });
  }
}

const SIGNATURES = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** A file whose first bytes are those of a JPEG or a PNG (the decoding is `DecodedImage`'s). */
export function imageFile(name: string, type: keyof typeof SIGNATURES = 'image/jpeg', bytes = 64): File {
  const data = new Uint8Array(bytes);
  data.set(SIGNATURES[type]);
  return new File([data], name, { type });
}

const catalogue: PublicGroup[] = [faceGroup, bodyGroup];

export interface OpenOptions {
  loggedIn?: boolean;
  balance?: Balance;
  groups?: PublicGroup[];
  answers?: Parameters<typeof mockFetch>[0];
}

/** Renders /core with its answers mocked; resolves once the heading (and a user's balance) shows. */
export async function openEditor({
  loggedIn = true,
  balance = { main: 5, bonus: 20 },
  groups = catalogue,
  answers = {},
}: OpenOptions = {}) {
  if (loggedIn) setSessionFlags({ isAdmin: false });
  const api = mockFetch({
    'GET /api/user/info': { body: aUser({ balance }) },
    'GET /api/services': { body: groups },
    'GET /api/system/order/overload': { body: { status: false } },
    ...answers,
  });
  const view = renderApp('/core');
  await screen.findByRole('heading', { name: EditorText.heading, level: 1 });
  if (loggedIn) await screen.findByTestId('editor-balance');
  return { ...view, ...api };
}

export type EditorView = Awaited<ReturnType<typeof openEditor>>;

/** The file input of an antd Upload (it takes no test id of its own). */
export const fileInputIn = (testId: string) =>
  screen.getByTestId(testId).querySelector<HTMLInputElement>('input[type=file]')!;

export async function uploadPhoto({ user }: EditorView, file = imageFile('me.jpg')) {
  await user.upload(fileInputIn('photo-upload'), file);
  expect(await screen.findByText(`Showing ${file.name}`)).toBeInTheDocument();
}

export const serviceCard = (name: RegExp) => screen.getByRole('button', { name });
/** antd hides its radio inputs from the pointer; people click the label. */
export const radioLabel = (name: string) => screen.getByRole('radio', { name }).closest('label')!;
export const pressSend = ({ user }: EditorView) =>
  user.click(screen.getByRole('button', { name: EditorText.send }));
