/** The pixels of a picture as a canvas holds them (an `ImageData` is one): RGBA, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A difference below this (of 255, in the channel that differs most) is re-encoding noise, not an edit. */
const NOTICEABLE_DIFFERENCE = 16;

const clampUnit = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The colour of a difference of 0 to 255: black, then red, yellow and white. The square root makes a
 * small edit (a softened shadow) visible beside a large one.
 */
export function heatColour(difference: number): [number, number, number] {
  const heat = Math.sqrt(difference / 255) * 3;
  return [clampUnit(heat) * 255, clampUnit(heat - 1) * 255, clampUnit(heat - 2) * 255].map(Math.round) as [
    number,
    number,
    number,
  ];
}

/**
 * The heat map of what changed from `before` to `after`, pixel by pixel: the largest difference of the
 * three colour channels, coloured by `heatColour`, opaque. Both pictures must have one size.
 */
export function differenceHeatMap(before: Pixels, after: Pixels): Pixels {
  if (before.width !== after.width || before.height !== after.height) {
    throw new Error(
      `The pictures differ in size: ${before.width}x${before.height} and ${after.width}x${after.height}`,
    );
  }
  const palette = Array.from({ length: 256 }, (_, difference) => heatColour(difference));
  const data = new Uint8ClampedArray(before.data.length);
  for (let index = 0; index < data.length; index += 4) {
    const difference = Math.max(
      Math.abs(before.data[index]! - after.data[index]!),
      Math.abs(before.data[index + 1]! - after.data[index + 1]!),
      Math.abs(before.data[index + 2]! - after.data[index + 2]!),
    );
    data.set(palette[difference]!, index);
    data[index + 3] = 255;
  }
  return { width: before.width, height: before.height, data };
}

/** The share (0 to 1) of a heat map's pixels whose difference is noticeable, not noise. */
export function changedShare(heat: Pixels, threshold = NOTICEABLE_DIFFERENCE): number {
  const pixels = heat.width * heat.height;
  if (pixels === 0) return 0;
  const [r, g, b] = heatColour(threshold);
  const least = r + g + b;
  let changed = 0;
  for (let index = 0; index < heat.data.length; index += 4) {
    if (heat.data[index]! + heat.data[index + 1]! + heat.data[index + 2]! >= least) changed += 1;
  }
  return changed / pixels;
}
