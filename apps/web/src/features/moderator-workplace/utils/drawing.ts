/** Brush width of the drawing editor (back office section 9). */
export const BRUSH_WIDTH = 4;
/** The brush's default colour: blue (back office section 9). */
export const DEFAULT_BRUSH_COLOR = '#0000ff';
/** Share of the window the drawing canvas may fill (back office section 9: 90 % wide, 60 % high). */
const CANVAS_WINDOW_SHARE = { width: 0.9, height: 0.6 } as const;

/** One free-hand stroke, in canvas coordinates: x1, y1, x2, y2, … */
export interface DrawnLine {
  color: string;
  points: number[];
}

export interface Size {
  width: number;
  height: number;
}

/** The largest size of `picture`'s shape that fits inside `box`. */
export function fitInside(picture: Size, box: Size): Size {
  const ratio = Math.min(box.width / picture.width, box.height / picture.height);
  return { width: Math.floor(picture.width * ratio), height: Math.floor(picture.height * ratio) };
}

/** The box the canvas may fill in a window of `window` size. */
export function canvasBox(window: Size): Size {
  return {
    width: window.width * CANVAS_WINDOW_SHARE.width,
    height: window.height * CANVAS_WINDOW_SHARE.height,
  };
}
