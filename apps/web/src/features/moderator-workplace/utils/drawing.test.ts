import { describe, expect, it } from 'vitest';
import { canvasBox, fitInside } from './drawing';

describe('the drawing canvas size', () => {
  it('may fill 90 % of the window width and 60 % of its height', () => {
    expect(canvasBox({ width: 1000, height: 800 })).toEqual({ width: 900, height: 480 });
  });

  it('fits a wide picture to the width and a tall one to the height, keeping its shape', () => {
    const box = { width: 900, height: 480 };
    expect(fitInside({ width: 3000, height: 1000 }, box)).toEqual({ width: 900, height: 300 });
    expect(fitInside({ width: 1000, height: 2000 }, box)).toEqual({ width: 240, height: 480 });
  });
});
