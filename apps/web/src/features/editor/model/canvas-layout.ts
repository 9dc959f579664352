import { BREAKPOINTS } from '@retouch/shared/constants';
import { EDITOR_CANVAS, MAX_ADDITIONAL_IMAGE_SIDE, SERVICE_SLIDER } from '@retouch/shared/orders';

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/**
 * The displayed canvas: 700 x 400, or the window's width minus 20 below 720 px, the height in
 * proportion. `scale` turns the canvas's own 700 x 400 coordinates into displayed pixels.
 */
export function canvasSize(windowWidth: number): Size & { scale: number } {
  const width =
    windowWidth < BREAKPOINTS.canvas
      ? Math.max(1, windowWidth - EDITOR_CANVAS.narrowMargin)
      : EDITOR_CANVAS.width;
  const scale = width / EDITOR_CANVAS.width;
  return { width, height: Math.round(EDITOR_CANVAS.height * scale), scale };
}

/** The photo scaled to fit inside the box whole, centred. */
export function fitInside(photo: Size, box: Size): Rect {
  const ratio = Math.min(box.width / photo.width, box.height / photo.height);
  const width = photo.width * ratio;
  const height = photo.height * ratio;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}

export function isInside(point: { x: number; y: number }, rect: Rect): boolean {
  return (
    point.x >= rect.x &&
    point.x <= rect.x + rect.width &&
    point.y >= rect.y &&
    point.y <= rect.y + rect.height
  );
}

/** Service slider width: 200 px a service up to 5 services, else 1400 px (customer-side section 9). */
export function serviceSliderWidth(count: number): number {
  return count <= SERVICE_SLIDER.maxItemsAtItemWidth
    ? count * SERVICE_SLIDER.itemWidth
    : SERVICE_SLIDER.wideWidth;
}

/** Option slider width: 140 px an option, at most 9 options wide. */
export function optionSliderWidth(count: number): number {
  return Math.min(count, SERVICE_SLIDER.maxOptionItems) * SERVICE_SLIDER.optionItemWidth;
}

/** The extra face photo may be at most 2000 x 2000 (customer-side section 5). */
export function isFaceImageTooLarge({ width, height }: Size): boolean {
  return width > MAX_ADDITIONAL_IMAGE_SIDE || height > MAX_ADDITIONAL_IMAGE_SIDE;
}
