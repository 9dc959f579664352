import { describe, expect, it } from 'vitest';
import {
  canvasSize,
  fitInside,
  isFaceImageTooLarge,
  isInside,
  optionSliderWidth,
  serviceSliderWidth,
} from './canvas-layout';

describe('canvasSize', () => {
  it('is 700 x 400 from a window of 720 px on', () => {
    expect(canvasSize(1280)).toEqual({ width: 700, height: 400, scale: 1 });
    expect(canvasSize(720)).toEqual({ width: 700, height: 400, scale: 1 });
  });

  it('is the window width minus 20 below 720 px, the height in proportion', () => {
    expect(canvasSize(719)).toMatchObject({ width: 699, height: 399 });
    expect(canvasSize(370)).toEqual({ width: 350, height: 200, scale: 0.5 });
  });
});

describe('fitInside', () => {
  it('fits a wide photo to the width and centres it vertically', () => {
    expect(fitInside({ width: 1400, height: 400 }, { width: 700, height: 400 })).toEqual({
      x: 0,
      y: 100,
      width: 700,
      height: 200,
    });
  });

  it('fits a tall photo to the height and centres it horizontally', () => {
    expect(fitInside({ width: 300, height: 600 }, { width: 700, height: 400 })).toEqual({
      x: 250,
      y: 0,
      width: 200,
      height: 400,
    });
  });

  it('tells whether a click is on the photo', () => {
    const rect = { x: 250, y: 0, width: 200, height: 400 };
    expect(isInside({ x: 300, y: 10 }, rect)).toBe(true);
    expect(isInside({ x: 100, y: 10 }, rect)).toBe(false);
  });
});

describe('slider widths', () => {
  it('gives services 200 px each up to 5, else 1400 px', () => {
    expect(serviceSliderWidth(1)).toBe(200);
    expect(serviceSliderWidth(5)).toBe(1000);
    expect(serviceSliderWidth(6)).toBe(1400);
  });

  it('gives options 140 px each, at most 9 wide', () => {
    expect(optionSliderWidth(2)).toBe(280);
    expect(optionSliderWidth(9)).toBe(1260);
    expect(optionSliderWidth(12)).toBe(1260);
  });
});

describe('isFaceImageTooLarge', () => {
  it('refuses more than 2000 px on either side', () => {
    expect(isFaceImageTooLarge({ width: 2000, height: 2000 })).toBe(false);
    expect(isFaceImageTooLarge({ width: 2001, height: 10 })).toBe(true);
    expect(isFaceImageTooLarge({ width: 10, height: 2001 })).toBe(true);
  });
});
