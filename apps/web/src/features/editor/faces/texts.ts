import { MAX_PERSONS_WITH_PHOTO } from '@retouch/shared/orders';

const faces = (count: number) => (count === 1 ? '1 face' : `${count} faces`);

/** Texts of the faces found on the photo (customer side, English). */
export const FaceText = {
  region: 'Faces found on the photo',
  searching: 'Looking for faces on this device…',
  found: (count: number) =>
    `${faces(count)} found. Accept ${count === 1 ? 'it' : 'them'} as persons, move or delete.`,
  leftOut: (count: number) =>
    `${faces(count)} more left out: at most ${MAX_PERSONS_WITH_PHOTO - 1} persons can be marked.`,
  moveHint: 'Drag a face on the photo to move it, or use the arrow keys on its buttons here.',
  face: (id: number) => `Face ${id}`,
  accept: 'Accept',
  acceptFace: (id: number) => `Accept face ${id}`,
  deleteFace: (id: number) => `Delete face ${id}`,
  acceptAll: 'Accept all',
  markerLabel: (id: number) => `Face ${id}?`,
} as const;
