import { EDITOR_CANVAS } from '@retouch/shared/orders';
import { fitInside, type Rect } from './canvas-layout';
import type { Point } from './editor-reducer';

/** Canvas units an arrow key moves a marker; with Shift, four times as far. */
const ARROW_STEP = 5;
const LARGE_ARROW_STEP = ARROW_STEP * 4;

const ARROW_DIRECTIONS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** How far an arrow key moves a marker, or null for any other key. */
export function arrowOffset({ key, shiftKey }: { key: string; shiftKey: boolean }): Point | null {
  const direction = ARROW_DIRECTIONS[key];
  if (!direction) return null;
  const step = shiftKey ? LARGE_ARROW_STEP : ARROW_STEP;
  return { x: direction.x * step, y: direction.y * step };
}

/** Where the photo is drawn, in the canvas's 700 x 400 coordinates. */
export function photoArea(photo: { width: number; height: number }): Rect {
  return fitInside(photo, EDITOR_CANVAS);
}

export function clampInside(point: Point, rect: Rect): Point {
  return {
    x: Math.min(rect.x + rect.width, Math.max(rect.x, point.x)),
    y: Math.min(rect.y + rect.height, Math.max(rect.y, point.y)),
  };
}

/** A marker's circle and name tag: another marker closer than this on both axes would cover it. */
const MARKER_SPAN = { x: 90, y: 50 };
/** Rings of spots around the centre tried before giving up on a free one. */
const MAX_RINGS = 4;

const covers = (a: Point, b: Point) =>
  Math.abs(a.x - b.x) < MARKER_SPAN.x && Math.abs(a.y - b.y) < MARKER_SPAN.y;

const inside = (point: Point, rect: Rect) =>
  point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;

/**
 * Where a marker placed without a pointer goes: the photo's centre, else the nearest spot of a grid
 * around it that no marker covers; the centre again when the photo has no free spot.
 */
export function freeSpot(area: Rect, taken: readonly Point[]): Point {
  const centre = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  for (let ring = 0; ring <= MAX_RINGS; ring += 1) {
    const spots: Point[] = [];
    for (let column = -ring; column <= ring; column += 1)
      for (let row = -ring; row <= ring; row += 1)
        if (Math.max(Math.abs(column), Math.abs(row)) === ring)
          spots.push({ x: centre.x + column * MARKER_SPAN.x, y: centre.y + row * MARKER_SPAN.y });
    const byDistance = spots.sort(
      (a, b) => Math.hypot(a.x - centre.x, a.y - centre.y) - Math.hypot(b.x - centre.x, b.y - centre.y),
    );
    const free = byDistance.find((spot) => inside(spot, area) && !taken.some((point) => covers(point, spot)));
    if (free) return free;
  }
  return centre;
}
