import { describe, expect, it } from 'vitest';
import { containRect, lensPlacement, loupeAt, nudge } from './loupe-geometry';

describe('containRect', () => {
  it('fits a wide picture to the width of the box, centred vertically', () => {
    expect(containRect({ width: 700, height: 400 }, { width: 1400, height: 400 })).toEqual({
      x: 0,
      y: 100,
      width: 700,
      height: 200,
    });
  });

  it('fits a tall picture to the height of the box, centred horizontally', () => {
    expect(containRect({ width: 700, height: 400 }, { width: 300, height: 600 })).toEqual({
      x: 250,
      y: 0,
      width: 200,
      height: 400,
    });
  });

  it('answers an empty rectangle for a picture not loaded yet', () => {
    expect(containRect({ width: 700, height: 400 }, { width: 0, height: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 0,
      height: 0,
    });
  });
});

describe('loupeAt', () => {
  // A 1000 x 500 picture shown at half size, 100 px from the left of the box.
  const shown = { x: 100, y: 0, width: 500, height: 250 };
  const natural = { width: 1000, height: 500 };

  it('finds the natural pixel under the pointer and centres it in the lens at 1:1', () => {
    const loupe = loupeAt({ x: 350, y: 125 }, shown, natural, 160);
    expect(loupe).toEqual({ pixel: { x: 500, y: 250 }, background: { x: 80 - 500, y: 80 - 250 } });
  });

  it('maps the top-left corner of the picture to pixel 0, 0', () => {
    expect(loupeAt({ x: 100, y: 0 }, shown, natural, 100)).toEqual({
      pixel: { x: 0, y: 0 },
      background: { x: 50, y: 50 },
    });
  });

  it('keeps the last pixel within the picture at its right and bottom edges', () => {
    expect(loupeAt({ x: 600, y: 250 }, shown, natural, 100)?.pixel).toEqual({ x: 999, y: 499 });
  });

  it('answers null off the picture (the bands object-fit leaves)', () => {
    expect(loupeAt({ x: 50, y: 100 }, shown, natural, 160)).toBeNull();
    expect(loupeAt({ x: 300, y: 260 }, shown, natural, 160)).toBeNull();
    expect(loupeAt({ x: 300, y: 100 }, { x: 0, y: 0, width: 0, height: 0 }, natural, 160)).toBeNull();
  });
});

describe('lensPlacement', () => {
  it('centres the lens on a mouse pointer', () => {
    expect(lensPlacement({ x: 200, y: 150 }, 160, 'mouse')).toEqual({ left: 120, top: 70 });
  });

  it('lifts the lens above a finger, so that the finger does not hide it', () => {
    const { left, top } = lensPlacement({ x: 200, y: 150 }, 160, 'touch');
    expect(left).toBe(120);
    expect(top + 160).toBeLessThanOrEqual(150);
  });
});

describe('nudge', () => {
  const within = { x: 100, y: 0, width: 500, height: 250 };

  it('moves the point by the step in the direction of the arrow', () => {
    expect(nudge({ x: 300, y: 100 }, 'ArrowLeft', 10, within)).toEqual({ x: 290, y: 100 });
    expect(nudge({ x: 300, y: 100 }, 'ArrowRight', 10, within)).toEqual({ x: 310, y: 100 });
    expect(nudge({ x: 300, y: 100 }, 'ArrowUp', 10, within)).toEqual({ x: 300, y: 90 });
    expect(nudge({ x: 300, y: 100 }, 'ArrowDown', 10, within)).toEqual({ x: 300, y: 110 });
  });

  it('stays on the picture', () => {
    expect(nudge({ x: 105, y: 3 }, 'ArrowLeft', 10, within)).toEqual({ x: 100, y: 3 });
    expect(nudge({ x: 105, y: 3 }, 'ArrowUp', 10, within)).toEqual({ x: 105, y: 0 });
    expect(nudge({ x: 595, y: 245 }, 'ArrowRight', 10, within)).toEqual({ x: 599.5, y: 245 });
  });

  it('starts from the centre of the picture when there is no point yet', () => {
    expect(nudge(null, 'ArrowRight', 10, within)).toEqual({ x: 360, y: 125 });
  });

  it('answers null for a key that is no arrow', () => {
    expect(nudge({ x: 300, y: 100 }, 'Enter', 10, within)).toBeNull();
  });
});
