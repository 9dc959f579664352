import { act, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFaceDetector } from '@/test/fake-face-detector';
import { DecodedImage, openEditor, uploadPhoto, type EditorView } from '../test/editor-harness';
import { resetMemoryDraft } from '../test/memory-draft-store';
import type { FaceBox } from './face-suggestions';
import { FaceText } from './texts';

// face-api and WebGL are the fake every web test shares (test/setup.ts).
const detector = fakeFaceDetector;
const device = fakeFaceDetector;

vi.mock('@/features/editor/stores/editor-draft-store', () => import('../test/memory-draft-store'));

beforeAll(async () => {
  await import('@/pages/core-page');
});

beforeEach(() => {
  resetMemoryDraft();
  // 1200 x 800 is shown at half size, 50 from the canvas's left: photo (x, y) is canvas (50 + x/2, y/2).
  DecodedImage.size = { width: 1200, height: 800 };
  vi.stubGlobal('Image', DecodedImage);
  device.hasWebGl.mockReturnValue(true);
});

const face = (x: number, y: number, size = 100): FaceBox => ({ x, y, width: size, height: size });
const facesRegion = () => screen.findByRole('region', { name: FaceText.region });
const persons = () =>
  screen
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-label') ?? radio.closest('label')?.textContent);
const markers = () =>
  within(screen.getByRole('list', { name: 'Markers' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

async function photoWithFaces(view: EditorView, faces: FaceBox[]) {
  detector.detectFaces.mockResolvedValue(faces);
  await uploadPhoto(view);
  return within(await facesRegion());
}

describe('faces found on the photo are offered as persons', () => {
  it('offers each face, apart from the persons, until one is accepted', async () => {
    const view = await openEditor({ loggedIn: false });
    const region = await photoWithFaces(view, [face(700, 100), face(200, 100)]);
    expect(region.getByText('2 faces found. Accept them as persons, move or delete.')).toBeInTheDocument();
    expect(region.getByRole('listitem', { name: 'Face 1' })).toBeInTheDocument();
    expect(region.getByRole('listitem', { name: 'Face 2' })).toBeInTheDocument();
    // Suggested, not yet persons.
    expect(persons()).toEqual(['photo']);
    expect(markers()).toEqual([]);

    await view.user.click(region.getByRole('button', { name: 'Accept face 2' }));
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    expect(markers()).toEqual(['Person 1 at 425,75']);
    expect(region.queryByRole('listitem', { name: 'Face 2' })).not.toBeInTheDocument();
    expect(region.getByText('1 face found. Accept it as persons, move or delete.')).toBeInTheDocument();
  });

  it('accepts them all at once, numbered from left to right', async () => {
    const view = await openEditor({ loggedIn: false });
    const region = await photoWithFaces(view, [face(900, 300), face(100, 100), face(500, 200)]);
    await view.user.click(region.getByRole('button', { name: FaceText.acceptAll }));
    expect(markers()).toEqual(['Person 1 at 125,75', 'Person 2 at 325,125', 'Person 3 at 525,175']);
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
    expect(screen.queryByRole('region', { name: FaceText.region })).not.toBeInTheDocument();
  });

  it('deletes a suggestion without marking anyone', async () => {
    const view = await openEditor({ loggedIn: false });
    const region = await photoWithFaces(view, [face(100, 100), face(500, 200)]);
    await view.user.click(region.getByRole('button', { name: 'Delete face 1' }));
    expect(region.queryByRole('listitem', { name: 'Face 1' })).not.toBeInTheDocument();
    expect(region.getByRole('listitem', { name: 'Face 2' })).toBeInTheDocument();
    expect(persons()).toEqual(['photo']);
  });

  it('marks the person where a suggestion was dragged to', async () => {
    const view = await openEditor({ loggedIn: false });
    const region = await photoWithFaces(view, [face(100, 100)]);
    await view.user.click(screen.getByRole('button', { name: 'Drag face 1' }));
    await view.user.click(region.getByRole('button', { name: 'Accept face 1' }));
    expect(markers()).toEqual(['Person 1 at 135,80']);
  });

  it('is reached, moved, accepted and deleted from the keyboard', async () => {
    const view = await openEditor({ loggedIn: false });
    const region = await photoWithFaces(view, [face(100, 100), face(500, 200)]);
    const accept = region.getByRole('button', { name: 'Accept face 1' });
    while (document.activeElement !== accept) await view.user.tab();
    await view.user.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}{Enter}');
    expect(markers()).toEqual(['Person 1 at 130,95']);

    const remove = region.getByRole('button', { name: 'Delete face 2' });
    while (document.activeElement !== remove) await view.user.tab();
    await view.user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: FaceText.region })).not.toBeInTheDocument();
    expect(markers()).toEqual(['Person 1 at 130,95']);
  });

  it('says it looks for faces until they are found', async () => {
    let found: (faces: FaceBox[]) => void = () => undefined;
    detector.detectFaces.mockReturnValue(new Promise((resolve) => (found = resolve)));
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    expect(await screen.findByText(FaceText.searching)).toBeInTheDocument();
    await act(async () => found([face(100, 100)]));
    expect(await facesRegion()).toBeInTheDocument();
    expect(screen.queryByText(FaceText.searching)).not.toBeInTheDocument();
  });
});

describe('the 9 persons limit holds', () => {
  const eleven = Array.from({ length: 11 }, (_, i) => face(10 + i * 105, 500, 100 - i));

  it('offers no more faces than there is room for, and says how many were left out', async () => {
    const view = await openEditor({ loggedIn: false });
    const region = await photoWithFaces(view, eleven);
    expect(region.getAllByRole('listitem')).toHaveLength(9);
    expect(region.getByText('2 faces more left out: at most 9 persons can be marked.')).toBeInTheDocument();

    // A person marked by hand takes one more place.
    await view.user.click(screen.getByRole('button', { name: 'Click on the photo' }));
    expect(region.getAllByRole('listitem')).toHaveLength(8);
    expect(region.getByText('3 faces more left out: at most 9 persons can be marked.')).toBeInTheDocument();

    await view.user.click(region.getByRole('button', { name: FaceText.acceptAll }));
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.queryByText(/You have selected the maximum/)).not.toBeInTheDocument();
    expect(region.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('does not offer a face a person is already marked on', async () => {
    let found: (faces: FaceBox[]) => void = () => undefined;
    detector.detectFaces.mockReturnValue(new Promise((resolve) => (found = resolve)));
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    // Marked while the faces are looked for: the fake canvas clicks at (120, 80), on the first face.
    await view.user.click(screen.getByRole('button', { name: 'Click on the photo' }));
    await act(async () => found([face(100, 100, 140), face(700, 100)]));
    const region = within(await facesRegion());
    expect(region.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Face 2',
    ]);
    expect(region.queryByText(/left out/)).not.toBeInTheDocument();
  });
});

describe('without a detector the editor works as before, and says nothing', () => {
  it('when the detector fails', async () => {
    detector.detectFaces.mockRejectedValue(new Error('WebGL context lost'));
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await expect.poll(() => detector.detectFaces.mock.calls.length).toBe(1);
    await expect.poll(() => screen.queryByText(FaceText.searching)).toBeNull();
    expect(screen.queryByRole('region', { name: FaceText.region })).not.toBeInTheDocument();
    // No message, no error alert (the info alert about keeping pictures 30 days is the editor's own).
    expect(document.querySelector('.ant-message-notice, .ant-alert-error, .ant-alert-warning')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Click on the photo' }));
    expect(screen.getByRole('radio', { name: 'Person 1' })).toBeChecked();
  });

  it('when the device has no WebGL, without loading the detector', async () => {
    device.hasWebGl.mockReturnValue(false);
    const view = await openEditor({ loggedIn: false });
    await uploadPhoto(view);
    await expect.poll(() => screen.queryByText(FaceText.searching)).toBeNull();
    expect(detector.detectFaces).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: FaceText.region })).not.toBeInTheDocument();
  });
});
