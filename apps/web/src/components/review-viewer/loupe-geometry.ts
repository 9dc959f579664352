export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export type Rect = Point & Size;

/** Where a picture of `natural` size shows inside `box` with `object-fit: contain` (centred). */
export function containRect(box: Size, natural: Size): Rect {
  if (natural.width <= 0 || natural.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  const scale = Math.min(box.width / natural.width, box.height / natural.height);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}

export interface LoupeView {
  /** The natural pixel under the pointer. */
  pixel: Point;
  /** The lens's background offset that puts that pixel at its centre, the picture at its natural size. */
  background: Point;
}

/**
 * The loupe at 1:1 under `pointer` (in the box's coordinates) over a picture shown in `shown` whose
 * natural size is `natural`; null off the picture.
 */
export function loupeAt(pointer: Point, shown: Rect, natural: Size, lensSize: number): LoupeView | null {
  if (shown.width <= 0 || shown.height <= 0) return null;
  const offsetX = pointer.x - shown.x;
  const offsetY = pointer.y - shown.y;
  if (offsetX < 0 || offsetY < 0 || offsetX > shown.width || offsetY > shown.height) return null;
  const x = (offsetX * natural.width) / shown.width;
  const y = (offsetY * natural.height) / shown.height;
  return {
    pixel: { x: Math.min(Math.floor(x), natural.width - 1), y: Math.min(Math.floor(y), natural.height - 1) },
    background: { x: Math.round(lensSize / 2 - x), y: Math.round(lensSize / 2 - y) },
  };
}

/** How far above a finger the lens sits, in lens sizes: a finger on the glass would hide it. */
const TOUCH_LIFT = 0.75;

/** The lens's top-left corner: centred on a mouse or pen, lifted above a finger. */
export function lensPlacement(pointer: Point, lensSize: number, pointerType: string) {
  const lift = pointerType === 'touch' ? lensSize * TOUCH_LIFT : 0;
  return { left: pointer.x - lensSize / 2, top: pointer.y - lensSize / 2 - lift };
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** Where an arrow key moves the loupe (from the picture's centre at first), kept on the picture; null for another key. */
export function nudge(point: Point | null, key: string, step: number, within: Rect): Point | null {
  const direction = ARROWS[key];
  if (!direction) return null;
  const from = point ?? { x: within.x + within.width / 2, y: within.y + within.height / 2 };
  // Half a pixel short of the far edges, which belong to no pixel of the picture.
  const clamp = (value: number, start: number, length: number) =>
    Math.min(Math.max(value, start), start + Math.max(0, length - 0.5));
  return {
    x: clamp(from.x + direction.x * step, within.x, within.width),
    y: clamp(from.y + direction.y * step, within.y, within.height),
  };
}
