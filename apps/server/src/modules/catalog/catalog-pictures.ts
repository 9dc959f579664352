import { randomBytes } from 'node:crypto';
import { CATALOG_PICTURE_SIDE, CATALOG_THUMBNAIL_SIDE } from '@retouch/shared/catalog';
import { prepareImages } from '../../lib/images';
import { publicFilePath, type Storage } from '../../storage/storage';

export interface OfferPictures {
  picture: string;
  pictureThumb: string;
  pictureBefore: string;
  pictureAfter: string;
}

/** The multipart part names of the three catalogue images. */
const PICTURE_PARTS = { picture: 'image', pictureBefore: 'before', pictureAfter: 'after' } as const;

/**
 * Stores whichever of the three images were sent (web-sized, EXIF stripped), plus a thumbnail of the
 * main one. Every header is checked before any image is decoded, and every image decoded before
 * anything is written, so a bad file costs no decode of the others and stores nothing.
 */
export async function storeOfferPictures(
  storage: Storage,
  files: Map<string, Buffer>,
): Promise<Partial<OfferPictures>> {
  const wanted: Array<[keyof OfferPictures, Buffer | undefined, number]> = [
    ['picture', files.get(PICTURE_PARTS.picture), CATALOG_PICTURE_SIDE],
    ['pictureThumb', files.get(PICTURE_PARTS.picture), CATALOG_THUMBNAIL_SIDE],
    ['pictureBefore', files.get(PICTURE_PARTS.pictureBefore), CATALOG_PICTURE_SIDE],
    ['pictureAfter', files.get(PICTURE_PARTS.pictureAfter), CATALOG_PICTURE_SIDE],
  ];
  const sent = wanted.flatMap(([field, input, maxSide]) => (input ? [{ field, input, maxSide }] : []));
  const images = await prepareImages(
    sent.map(({ input, maxSide }) => ({ input, options: { maxSide, format: 'webp' } })),
  );
  const stored: Partial<OfferPictures> = {};
  for (const [index, { field }] of sent.entries()) {
    const image = images[index]!;
    const key = `catalog/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.${image.extension}`;
    await storage.put(key, image.data, image.contentType);
    stored[field] = publicFilePath(key);
  }
  return stored;
}

/** True when all three images were sent (creating a service or an option needs them). */
export function hasAllPictures(files: Map<string, Buffer>): boolean {
  return Object.values(PICTURE_PARTS).every((part) => files.has(part));
}
