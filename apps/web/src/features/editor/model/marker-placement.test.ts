import { describe, expect, it } from 'vitest';
import { arrowOffset, clampInside, freeSpot, photoArea } from './marker-placement';

describe('arrowOffset', () => {
  it('moves 5 canvas units a press, 20 with Shift, and ignores other keys', () => {
    expect(arrowOffset({ key: 'ArrowLeft', shiftKey: false })).toEqual({ x: -5, y: 0 });
    expect(arrowOffset({ key: 'ArrowDown', shiftKey: true })).toEqual({ x: 0, y: 20 });
    expect(arrowOffset({ key: 'Enter', shiftKey: false })).toBeNull();
  });
});

describe('freeSpot', () => {
  const area = photoArea({ width: 1200, height: 800 });

  it('is the centre of the photo while nothing covers it', () => {
    expect(area).toEqual({ x: 50, y: 0, width: 600, height: 400 });
    expect(freeSpot(area, [])).toEqual({ x: 350, y: 200 });
    expect(freeSpot(area, [{ x: 100, y: 50 }])).toEqual({ x: 350, y: 200 });
  });

  it('is the nearest spot around the centre that no marker covers', () => {
    const spot = freeSpot(area, [{ x: 352, y: 198 }]);
    expect(Math.abs(spot.x - 350) >= 90 || Math.abs(spot.y - 200) >= 50).toBe(true);
  });

  it('falls back to the centre on a photo with no free spot', () => {
    const thin = { x: 340, y: 0, width: 20, height: 40 };
    expect(freeSpot(thin, [{ x: 350, y: 20 }])).toEqual({ x: 350, y: 20 });
  });
});

describe('clampInside', () => {
  it('keeps a point inside the rectangle', () => {
    const rect = { x: 10, y: 20, width: 100, height: 50 };
    expect(clampInside({ x: 0, y: 100 }, rect)).toEqual({ x: 10, y: 70 });
    expect(clampInside({ x: 50, y: 30 }, rect)).toEqual({ x: 50, y: 30 });
  });
});
