import { useImperativeHandle } from 'react';
import type { DrawingStageProps } from '../components/drawing-stage';

/**
 * The drawing editor's Konva stage for the web tests (test/setup.ts): Konva draws on a real <canvas>,
 * which happy-dom does not have. It says what it would draw (the picture, the strokes' colours, the
 * region marks), stands a button in for a stroke, and exports a PNG. The editor around it stays real.
 */
export function FakeDrawingStage({
  picture,
  lines,
  regionMarks,
  color,
  onLinesChange,
  ref,
}: DrawingStageProps) {
  useImperativeHandle(ref, () => ({
    toPng: () => Promise.resolve(new Blob(['marked-up'], { type: 'image/png' })),
  }));
  return (
    <div>
      <p>{`Drawing on ${picture}`}</p>
      <p>{`Strokes: ${lines.map((line) => line.color).join(', ') || 'none'}`}</p>
      <button type="button" onClick={() => onLinesChange([...lines, { color, points: [1, 1, 9, 9] }])}>
        Draw a stroke
      </button>
      <ul aria-label="Drawn region marks">
        {regionMarks.map((mark, index) => (
          <li key={index}>{`${mark.region} ${mark.color} ${mark.comment}`}</li>
        ))}
      </ul>
    </div>
  );
}
