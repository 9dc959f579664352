import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '@retouch/shared/constants';
import {
  MIN_ORDER_PHOTO_SIDE,
  ORDER_PHOTO_TYPES,
  OrderPhotoText,
  type OrderPhotoMime,
} from '@retouch/shared/order-photos';
import { OrderText } from '@retouch/shared/orders';
import { isFaceImageTooLarge, type Size } from './canvas-layout';

/** The file input's `accept`: the picker offers the photo types the editor takes. */
export const ACCEPTED_PHOTO_TYPES = ORDER_PHOTO_TYPES.map((type) => type.mime).join(',');

/** How many first bytes of a file `imageTypeOf` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((value, index) => head[at + index] === value);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The order photo type a file's first bytes show (its content, not its name), or null. */
export function imageTypeOf(head: Uint8Array): OrderPhotoMime | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * Why a chosen photo is refused before it is read whole: over 25 MB (by its size alone), or not a
 * JPEG, PNG or WebP (by its first bytes). Null when it may be decoded.
 */
export function fileProblem(file: { size: number }, head: Uint8Array): string | null {
  if (file.size > MAX_IMAGE_BYTES) return OrderPhotoText.tooLarge(file.size);
  if (!imageTypeOf(head)) return OrderPhotoText.wrongType;
  return null;
}

/** Why a decoded order photo is refused: more pixels than the server decodes. */
export function photoSizeProblem(size: Size): string | null {
  if (size.width * size.height > MAX_IMAGE_PIXELS) return OrderPhotoText.tooManyPixels(size);
  return null;
}

/**
 * What to tell of a photo with a side under 400 pixels, which the canvas shows enlarged. Only a warning:
 * the specification sets no minimum (issue 36, item 7).
 */
export function photoSizeWarning(size: Size): string | null {
  return Math.min(size.width, size.height) < MIN_ORDER_PHOTO_SIDE ? OrderPhotoText.smallPhoto(size) : null;
}

/** Why a decoded face photo is refused: over 2000 x 2000 (customer-side section 5). */
export function faceSizeProblem(size: Size): string | null {
  return isFaceImageTooLarge(size) ? OrderText.faceImageTooLarge : null;
}
