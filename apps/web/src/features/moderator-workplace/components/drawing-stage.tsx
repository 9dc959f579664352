import { Spin } from 'antd';
import type Konva from 'konva';
import { Fragment, useImperativeHandle, useRef, type Ref } from 'react';
import { Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { useHtmlImage } from '@/lib/use-html-image';
import { useWindowSize } from '../hooks/use-window-size';
import { BRUSH_WIDTH, canvasBox, fitInside, type DrawnLine } from '../utils/drawing';
import { regionMarkShape, type RegionMark } from '../utils/region-mark';
import { ModeratorText } from '../texts';

export interface DrawingStageHandle {
  /** The picture with the strokes, as PNG at the picture's own resolution. */
  toPng: () => Promise<Blob>;
}

export interface DrawingStageProps {
  picture: string;
  lines: readonly DrawnLine[];
  /** The marks made with the keyboard: framed regions with their text. */
  regionMarks: readonly RegionMark[];
  color: string;
  onLinesChange: (lines: DrawnLine[]) => void;
  ref?: Ref<DrawingStageHandle>;
}

/**
 * The Konva canvas of the drawing editor: the designer's result fitted in 90 % of the window's width
 * and 60 % of its height, and free-hand strokes drawn on it with the pointer (mouse, pen or touch),
 * with the region marks made with the keyboard.
 */
export function DrawingStage({ picture, lines, regionMarks, color, onLinesChange, ref }: DrawingStageProps) {
  const stageRef = useRef<Konva.Stage>(null);
  const drawing = useRef(false);
  const image = useHtmlImage(picture, { crossOrigin: 'anonymous' });
  const box = canvasBox(useWindowSize());
  const size = image ? fitInside({ width: image.naturalWidth, height: image.naturalHeight }, box) : null;

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => {
        const stage = stageRef.current;
        if (!stage || !image || !size) return Promise.reject(new Error('The picture has not loaded'));
        return stage.toBlob({
          mimeType: 'image/png',
          pixelRatio: Math.max(1, image.naturalWidth / size.width),
        });
      },
    }),
    [image, size],
  );

  if (!image || !size) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: box.height / 2 }}>
        <Spin />
      </div>
    );
  }

  const pointer = (event: Konva.KonvaEventObject<PointerEvent>) =>
    event.target.getStage()?.getPointerPosition();

  const startLine = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const point = pointer(event);
    if (!point) return;
    drawing.current = true;
    // The point twice: a click without a move still leaves a dot.
    onLinesChange([...lines, { color, points: [point.x, point.y, point.x, point.y] }]);
  };

  const extendLine = (event: Konva.KonvaEventObject<PointerEvent>) => {
    const point = pointer(event);
    const last = lines.at(-1);
    if (!drawing.current || !point || !last) return;
    onLinesChange([...lines.slice(0, -1), { ...last, points: [...last.points, point.x, point.y] }]);
  };

  const endLine = () => {
    drawing.current = false;
  };

  return (
    // Touch drawing must not scroll the page.
    <div role="region" aria-label={ModeratorText.canvas} style={{ width: size.width, touchAction: 'none' }}>
      <Stage
        ref={stageRef}
        width={size.width}
        height={size.height}
        onPointerDown={startLine}
        onPointerMove={extendLine}
        onPointerUp={endLine}
        onPointerLeave={endLine}
        style={{ cursor: 'crosshair' }}
      >
        <Layer listening={false}>
          <KonvaImage image={image} width={size.width} height={size.height} />
          {lines.map((line, index) => (
            <Line
              key={index}
              points={line.points}
              stroke={line.color}
              strokeWidth={BRUSH_WIDTH}
              lineCap="round"
              lineJoin="round"
              tension={0.5}
            />
          ))}
          {regionMarks.map((mark, index) => {
            const { frame, label } = regionMarkShape(mark, size);
            return (
              <Fragment key={`region-${index}`}>
                <Rect {...frame} />
                {/* Outlined in white: legible on a dark picture as on a light one. */}
                <Text
                  {...label}
                  stroke="#ffffff"
                  strokeWidth={3}
                  fillAfterStrokeEnabled
                  wrap="word"
                  ellipsis
                />
              </Fragment>
            );
          })}
        </Layer>
      </Stage>
    </div>
  );
}
