import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { OrderPhotoText } from '@retouch/shared/order-photos';
import { OrderText } from '@retouch/shared/orders';
import { describe, expect, it } from 'vitest';
import {
  faceSizeProblem,
  fileProblem,
  imageTypeOf,
  photoSizeProblem,
  photoSizeWarning,
} from './photo-checks';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array<number>(16).fill(0)]);
const jpegHead = bytes(0xff, 0xd8, 0xff, 0xe0);
const pngHead = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const webpHead = new Uint8Array([
  ...new TextEncoder().encode('RIFF'),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode('WEBP'),
]);
const gifHead = new Uint8Array(new TextEncoder().encode('GIF89a......'));

describe('imageTypeOf', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the name says', () => {
    expect(imageTypeOf(jpegHead)).toBe('image/jpeg');
    expect(imageTypeOf(pngHead)).toBe('image/png');
    expect(imageTypeOf(webpHead)).toBe('image/webp');
  });

  it('knows nothing else', () => {
    expect(imageTypeOf(gifHead)).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('hello, this is text'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('fileProblem', () => {
  it('refuses a file over 25 MB by its size alone, before its content', () => {
    expect(fileProblem({ size: 31 * 1024 * 1024 }, pngHead)).toBe(OrderPhotoText.tooLarge(31 * 1024 * 1024));
    expect(fileProblem({ size: MAX_IMAGE_BYTES + 1 }, gifHead)).toBe(
      OrderPhotoText.tooLarge(MAX_IMAGE_BYTES + 1),
    );
  });

  it('refuses a file that is no JPEG, PNG or WebP', () => {
    expect(fileProblem({ size: 1000 }, gifHead)).toBe(OrderPhotoText.wrongType);
  });

  it('lets a JPEG, PNG or WebP of up to 25 MB through', () => {
    expect(fileProblem({ size: MAX_IMAGE_BYTES }, jpegHead)).toBeNull();
    expect(fileProblem({ size: 10 }, webpHead)).toBeNull();
  });
});

describe('photoSizeProblem', () => {
  it('refuses more than 64 megapixels, as the server would after the upload', () => {
    expect(photoSizeProblem({ width: 9000, height: 8000 })).toBe(
      OrderPhotoText.tooManyPixels({ width: 9000, height: 8000 }),
    );
  });

  // Issue 36, item 7: the specification sets no minimum size.
  it('takes any smaller photo, however small', () => {
    expect(photoSizeProblem({ width: 50, height: 50 })).toBeNull();
    expect(photoSizeProblem({ width: 4000, height: 399 })).toBeNull();
    expect(photoSizeProblem({ width: 8000, height: 8000 })).toBeNull();
  });
});

describe('photoSizeWarning', () => {
  it('warns of a photo with a side under 400 pixels, which the canvas enlarges', () => {
    expect(photoSizeWarning({ width: 50, height: 50 })).toBe(
      OrderPhotoText.smallPhoto({ width: 50, height: 50 }),
    );
    expect(photoSizeWarning({ width: 4000, height: 399 })).toBe(
      OrderPhotoText.smallPhoto({ width: 4000, height: 399 }),
    );
  });

  it('says nothing from 400 x 400 on', () => {
    expect(photoSizeWarning({ width: 400, height: 400 })).toBeNull();
    expect(photoSizeWarning({ width: 8000, height: 8000 })).toBeNull();
  });
});

describe('the face photo', () => {
  it('is at most 2000 x 2000, at any small size', () => {
    expect(faceSizeProblem({ width: 2400, height: 1600 })).toBe(OrderText.faceImageTooLarge);
    expect(faceSizeProblem({ width: 2000, height: 2000 })).toBeNull();
    expect(faceSizeProblem({ width: 80, height: 80 })).toBeNull();
  });
});
