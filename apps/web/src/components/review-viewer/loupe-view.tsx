import { useImperativeHandle, useRef, useState, type PointerEvent, type Ref } from 'react';
import {
  containRect,
  lensPlacement,
  loupeAt,
  nudge,
  type Point,
  type Rect,
  type Size,
} from './loupe-geometry';
import type { ReviewViewerTexts } from './review-viewer-texts';

/** The lens's diameter, in CSS pixels. */
const LENS_SIZE = 160;

export interface LoupeHandle {
  /** Moves the loupe by an arrow key; false for another key. */
  nudge: (key: string, step: number) => boolean;
}

interface Aim {
  /** In the box's coordinates. */
  point: Point;
  pointerType: string;
  /** The picture's natural size and where it showed in the box when aimed. */
  natural: Size;
  shown: Rect;
}

const boxSize = (element: HTMLElement): Size => {
  const { width, height } = element.getBoundingClientRect();
  return { width, height };
};

/**
 * The result with a lens that shows it at 1:1 (natural pixels) under the mouse or above the finger; the
 * arrow keys move it too. Only this box stops the page from panning under a finger.
 */
export function LoupeView({
  picture,
  texts,
  ref,
}: {
  picture: string;
  texts: ReviewViewerTexts;
  ref: Ref<LoupeHandle>;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const [aim, setAim] = useState<Aim | null>(null);

  /** Read when aimed: a picture the browser had already loaded may be complete before any load event. */
  const naturalSize = (): Size => ({
    width: image.current?.naturalWidth ?? 0,
    height: image.current?.naturalHeight ?? 0,
  });

  useImperativeHandle(
    ref,
    () => ({
      nudge(key, step) {
        if (!box) return false;
        const natural = naturalSize();
        const shown = containRect(boxSize(box), natural);
        const point = nudge(aim?.point ?? null, key, step, shown);
        if (!point) return false;
        setAim({ point, pointerType: 'keyboard', natural, shown });
        return true;
      },
    }),
    [aim, box],
  );

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const natural = naturalSize();
    setAim({
      point: { x: event.clientX - bounds.left, y: event.clientY - bounds.top },
      pointerType: event.pointerType,
      natural,
      shown: containRect(bounds, natural),
    });
  };

  const view = aim && loupeAt(aim.point, aim.shown, aim.natural, LENS_SIZE);
  const placement = aim && lensPlacement(aim.point, LENS_SIZE, aim.pointerType);
  return (
    <div
      ref={setBox}
      onPointerDown={(event) => {
        // A finger keeps the loupe while it slides, even off the picture.
        if (event.pointerType !== 'mouse') event.currentTarget.setPointerCapture?.(event.pointerId);
        follow(event);
      }}
      onPointerMove={follow}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setAim(null);
      }}
      style={{ position: 'absolute', inset: 0, touchAction: 'none', cursor: 'crosshair' }}
    >
      <img
        ref={image}
        src={picture}
        alt={texts.after}
        draggable={false}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', userSelect: 'none' }}
      />
      {aim && view && placement && (
        <div
          role="img"
          aria-label={`${texts.loupeLens}: ${view.pixel.x}, ${view.pixel.y}`}
          style={{
            position: 'absolute',
            left: placement.left,
            top: placement.top,
            width: LENS_SIZE,
            height: LENS_SIZE,
            zIndex: 3,
            borderRadius: '50%',
            border: '2px solid #fff',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.45), 0 4px 12px rgba(0, 0, 0, 0.35)',
            backgroundColor: '#fff',
            backgroundImage: `url(${JSON.stringify(picture)})`,
            backgroundRepeat: 'no-repeat',
            backgroundSize: `${aim.natural.width}px ${aim.natural.height}px`,
            backgroundPosition: `${view.background.x}px ${view.background.y}px`,
            imageRendering: 'pixelated',
            pointerEvents: 'none',
          }}
        />
      )}
    </div>
  );
}
