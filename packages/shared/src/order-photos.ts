import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './constants';
import { EDITOR_CANVAS, MAX_ADDITIONAL_IMAGE_SIDE } from './orders';

/**
 * The photo formats the editor takes, judged by content: those every browser draws on its canvas
 * (the server decodes more, but a photo the canvas cannot show cannot be marked).
 */
export const ORDER_PHOTO_TYPES = [
  { mime: 'image/jpeg', label: 'JPEG' },
  { mime: 'image/png', label: 'PNG' },
  { mime: 'image/webp', label: 'WebP' },
] as const;
export type OrderPhotoMime = (typeof ORDER_PHOTO_TYPES)[number]['mime'];

/**
 * Shortest side from which the 700 x 400 canvas never enlarges an order photo. Below it the editor
 * warns and still takes the photo: the specification sets no minimum (issue 36, item 7).
 */
export const MIN_ORDER_PHOTO_SIDE = EDITOR_CANVAS.height;

const MEGABYTE = 1024 * 1024;
const maxMegabytes = MAX_IMAGE_BYTES / MEGABYTE;
const maxMegapixels = Math.round(MAX_IMAGE_PIXELS / 1_000_000);
const typeNames = ORDER_PHOTO_TYPES.map((type) => type.label);
const typeList = `${typeNames.slice(0, -1).join(', ')} or ${typeNames.at(-1)}`;
// Rounded up, so a file just over the limit never reads as being at it.
const megabytes = (bytes: number) => Math.ceil((bytes / MEGABYTE) * 10) / 10;
const pixels = ({ width, height }: { width: number; height: number }) => `${width} × ${height} pixels`;

const minimumSize = `${MIN_ORDER_PHOTO_SIDE} × ${MIN_ORDER_PHOTO_SIDE}`;

/** What the editor says of a chosen photo's limits: before it is chosen, and when it is refused or small. */
export const OrderPhotoText = {
  limits: `${typeList}, up to ${maxMegabytes} MB; best from ${minimumSize} pixels`,
  wrongType: `This file is not a ${typeList} image.`,
  tooLarge: (bytes: number) => `This file is ${megabytes(bytes)} MB: the limit is ${maxMegabytes} MB.`,
  smallPhoto: (size: { width: number; height: number }) =>
    `This photo is ${pixels(size)}: below ${minimumSize} it is shown enlarged and the result may look blurred. You can still send it.`,
  tooManyPixels: (size: { width: number; height: number }) =>
    `This photo is ${pixels(size)}: the limit is ${maxMegapixels} megapixels.`,
  faceLimits: `${typeList}, up to ${maxMegabytes} MB and ${MAX_ADDITIONAL_IMAGE_SIDE} × ${MAX_ADDITIONAL_IMAGE_SIDE} pixels`,
} as const;
