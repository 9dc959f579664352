import { describe, expect, it } from 'vitest';
import { changedShare, differenceHeatMap, type Pixels } from './difference';

/** A picture of one colour, as a canvas answers getImageData. */
function solid(width: number, height: number, rgb: readonly [number, number, number]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < data.length; index += 4) data.set([...rgb, 255], index);
  return { width, height, data };
}

/** The same picture with a block of another colour painted on it. */
function withBlock(
  picture: Pixels,
  block: { x: number; y: number; size: number },
  rgb: readonly [number, number, number],
): Pixels {
  const data = new Uint8ClampedArray(picture.data);
  for (let y = block.y; y < block.y + block.size; y += 1) {
    for (let x = block.x; x < block.x + block.size; x += 1)
      data.set([...rgb, 255], (y * picture.width + x) * 4);
  }
  return { ...picture, data };
}

function pixelAt(picture: Pixels, x: number, y: number) {
  const index = (y * picture.width + x) * 4;
  return Array.from(picture.data.slice(index, index + 4));
}

describe('differenceHeatMap', () => {
  it('answers a picture of the same size, opaque black where nothing changed', () => {
    const original = solid(8, 6, [200, 150, 120]);
    const heat = differenceHeatMap(original, solid(8, 6, [200, 150, 120]));
    expect(heat.width).toBe(8);
    expect(heat.height).toBe(6);
    expect(heat.data).toHaveLength(8 * 6 * 4);
    for (let index = 0; index < heat.data.length; index += 4) {
      expect(Array.from(heat.data.slice(index, index + 4))).toEqual([0, 0, 0, 255]);
    }
    expect(changedShare(heat)).toBe(0);
  });

  it('is hot only where a block changed', () => {
    const original = solid(10, 10, [200, 150, 120]);
    const result = withBlock(original, { x: 2, y: 3, size: 4 }, [30, 160, 90]);
    const heat = differenceHeatMap(original, result);
    for (let y = 0; y < 10; y += 1) {
      for (let x = 0; x < 10; x += 1) {
        const inBlock = x >= 2 && x < 6 && y >= 3 && y < 7;
        const [r, g, b] = pixelAt(heat, x, y);
        if (inBlock) expect(r! + g! + b!).toBeGreaterThan(0);
        else expect([r, g, b]).toEqual([0, 0, 0]);
      }
    }
    expect(changedShare(heat)).toBeCloseTo(16 / 100);
  });

  it('grows hotter with a larger difference and reaches white at the largest', () => {
    const black = solid(3, 1, [0, 0, 0]);
    const result: Pixels = {
      width: 3,
      height: 1,
      data: new Uint8ClampedArray([10, 10, 10, 255, 120, 0, 0, 255, 255, 255, 255, 255]),
    };
    const heat = differenceHeatMap(black, result);
    const brightness = [0, 1, 2].map((x) =>
      pixelAt(heat, x, 0)
        .slice(0, 3)
        .reduce((sum, v) => sum + v, 0),
    );
    expect(brightness[0]).toBeLessThan(brightness[1]!);
    expect(brightness[1]).toBeLessThan(brightness[2]!);
    expect(pixelAt(heat, 2, 0)).toEqual([255, 255, 255, 255]);
  });

  it('ignores the alpha channel of the pictures', () => {
    const original = solid(2, 2, [50, 60, 70]);
    const result = { ...original, data: new Uint8ClampedArray(original.data) };
    result.data[3] = 0;
    expect(changedShare(differenceHeatMap(original, result))).toBe(0);
  });

  it('refuses pictures of different sizes (the viewer draws both at one size first)', () => {
    expect(() => differenceHeatMap(solid(2, 2, [0, 0, 0]), solid(3, 2, [0, 0, 0]))).toThrow(/size/);
  });
});
