import { BRUSH_WIDTH, type Size } from './drawing';

/** Rows and columns of the grid a mark made with the keyboard points into. */
export const REGION_GRID = 3;
/** Longest text of such a mark: it is written inside one ninth of the picture. */
export const MAX_REGION_MARK_TEXT = 200;

/** A mark made without the pointer: a region of the 3×3 grid (0 top left … 8 bottom right) and its text. */
export interface RegionMark {
  region: number;
  comment: string;
  color: string;
}

interface RegionMarkShape {
  /** The frame around the region, drawn with the brush. */
  frame: { x: number; y: number; width: number; height: number; stroke: string; strokeWidth: number };
  /** The mark's text, written inside the frame from its top left. */
  label: {
    x: number;
    y: number;
    width: number;
    height: number;
    text: string;
    fill: string;
    fontSize: number;
  };
}

const MIN_FONT = 12;
const MAX_FONT = 28;

/**
 * What a region mark draws on a canvas of `size`: a frame around its cell, kept inside the canvas by the
 * brush's width, and its text inside, sized to the cell. Drawn on the stage, it is flattened into the
 * picture the moderator sends, as the free-hand strokes are.
 */
export function regionMarkShape(mark: RegionMark, size: Size): RegionMarkShape {
  const cell = { width: size.width / REGION_GRID, height: size.height / REGION_GRID };
  const row = Math.floor(mark.region / REGION_GRID);
  const column = mark.region % REGION_GRID;
  const frame = {
    x: column * cell.width + BRUSH_WIDTH,
    y: row * cell.height + BRUSH_WIDTH,
    width: cell.width - 2 * BRUSH_WIDTH,
    height: cell.height - 2 * BRUSH_WIDTH,
    stroke: mark.color,
    strokeWidth: BRUSH_WIDTH,
  };
  const fontSize = Math.min(MAX_FONT, Math.max(MIN_FONT, Math.round(cell.height / 8)));
  const padding = BRUSH_WIDTH * 2;
  return {
    frame,
    label: {
      x: frame.x + padding,
      y: frame.y + padding,
      width: frame.width - 2 * padding,
      height: frame.height - 2 * padding,
      text: mark.comment,
      fill: mark.color,
      fontSize,
    },
  };
}

const MOVES: Record<string, { rows: number; columns: number }> = {
  ArrowLeft: { rows: 0, columns: -1 },
  ArrowRight: { rows: 0, columns: 1 },
  ArrowUp: { rows: -1, columns: 0 },
  ArrowDown: { rows: 1, columns: 0 },
};

/** The region an arrow key (or Home, End) leads to from `region`, staying at the grid's edges; null for other keys. */
export function regionAfterKey(region: number, key: string): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return REGION_GRID * REGION_GRID - 1;
  const move = MOVES[key];
  if (!move) return null;
  const clamp = (value: number) => Math.min(REGION_GRID - 1, Math.max(0, value));
  const row = clamp(Math.floor(region / REGION_GRID) + move.rows);
  const column = clamp((region % REGION_GRID) + move.columns);
  return row * REGION_GRID + column;
}
