import { describe, expect, it } from 'vitest';
import { regionAfterKey, regionMarkShape } from './region-mark';

const CANVAS = { width: 900, height: 600 };

describe('regionMarkShape', () => {
  it('frames the top left ninth of the canvas, inside it by the brush width, in the mark colour', () => {
    const { frame } = regionMarkShape({ region: 0, comment: '', color: '#0000ff' }, CANVAS);
    expect(frame).toEqual({ x: 4, y: 4, width: 292, height: 192, stroke: '#0000ff', strokeWidth: 4 });
  });

  it('frames the centre and the bottom right ninths', () => {
    const centre = regionMarkShape({ region: 4, comment: '', color: '#f00' }, CANVAS).frame;
    expect(centre).toMatchObject({ x: 304, y: 204, width: 292, height: 192 });
    const corner = regionMarkShape({ region: 8, comment: '', color: '#f00' }, CANVAS).frame;
    expect(corner).toMatchObject({ x: 604, y: 404, width: 292, height: 192 });
    expect(corner.x + corner.width + corner.strokeWidth).toBeLessThanOrEqual(CANVAS.width);
  });

  it('writes the text inside the frame, in its colour, sized to the cell', () => {
    const { label } = regionMarkShape({ region: 8, comment: 'Уберите блик', color: '#f00' }, CANVAS);
    expect(label).toEqual({
      x: 612,
      y: 412,
      width: 276,
      height: 176,
      text: 'Уберите блик',
      fill: '#f00',
      fontSize: 25,
    });
    expect(
      regionMarkShape({ region: 0, comment: 'a', color: '#f00' }, { width: 90, height: 60 }).label.fontSize,
    ).toBe(12);
  });
});

describe('regionAfterKey', () => {
  it('moves by the arrows across the 3×3 grid and stops at its edges', () => {
    expect(regionAfterKey(0, 'ArrowRight')).toBe(1);
    expect(regionAfterKey(1, 'ArrowDown')).toBe(4);
    expect(regionAfterKey(4, 'ArrowLeft')).toBe(3);
    expect(regionAfterKey(4, 'ArrowUp')).toBe(1);
    expect(regionAfterKey(2, 'ArrowRight')).toBe(2);
    expect(regionAfterKey(6, 'ArrowDown')).toBe(6);
    expect(regionAfterKey(0, 'ArrowUp')).toBe(0);
  });

  it('goes to the first and last region with Home and End, and ignores other keys', () => {
    expect(regionAfterKey(5, 'Home')).toBe(0);
    expect(regionAfterKey(5, 'End')).toBe(8);
    expect(regionAfterKey(5, 'a')).toBeNull();
  });
});
