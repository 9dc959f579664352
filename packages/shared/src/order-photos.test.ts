import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from './constants';
import { MIN_ORDER_PHOTO_SIDE, ORDER_PHOTO_TYPES, OrderPhotoText } from './order-photos';
import { EDITOR_CANVAS } from './orders';

describe('order photo limits', () => {
  it('takes the formats every browser draws on a canvas', () => {
    expect(ORDER_PHOTO_TYPES.map((type) => type.mime)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('recommends a photo the 700 x 400 canvas never has to enlarge', () => {
    expect(MIN_ORDER_PHOTO_SIDE).toBe(EDITOR_CANVAS.height);
  });

  it('states every limit before a photo is chosen', () => {
    expect(MAX_IMAGE_BYTES).toBe(25 * 1024 * 1024);
    expect(OrderPhotoText.limits).toBe('JPEG, PNG or WebP, up to 25 MB; best from 400 × 400 pixels');
    expect(OrderPhotoText.faceLimits).toBe('JPEG, PNG or WebP, up to 25 MB and 2000 × 2000 pixels');
  });

  it('states the limit in each refusal', () => {
    expect(OrderPhotoText.wrongType).toBe('This file is not a JPEG, PNG or WebP image.');
    expect(OrderPhotoText.tooLarge(31 * 1024 * 1024)).toBe('This file is 31 MB: the limit is 25 MB.');
    expect(OrderPhotoText.tooLarge(25 * 1024 * 1024 + 1)).toBe('This file is 25.1 MB: the limit is 25 MB.');
    expect(OrderPhotoText.tooManyPixels({ width: 9000, height: 8000 })).toBe(
      'This photo is 9000 × 8000 pixels: the limit is 64 megapixels.',
    );
  });

  it('warns of a small photo without refusing it (the specification sets no minimum)', () => {
    expect(OrderPhotoText.smallPhoto({ width: 50, height: 50 })).toBe(
      'This photo is 50 × 50 pixels: below 400 × 400 it is shown enlarged and the result may look blurred. You can still send it.',
    );
  });
});
