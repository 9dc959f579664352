import { Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { changedShare, differenceHeatMap, heatColour, type Pixels } from './difference';
import { overPicture } from '../before-after-slider';
import type { ReviewViewerTexts } from './review-viewer-texts';

/** The longest side the difference is computed at: a camera's full picture would hold the page for seconds. */
const DIFFERENCE_MAX_SIDE = 1600;

type Difference = { heat: Pixels; share: number } | 'unavailable';

/** The picture's pixels drawn at `width` x `height`; null where the browser refuses to read them. */
function readPixels(image: ImageBitmap, width: number, height: number): Pixels | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(image, 0, 0, width, height);
  try {
    return context.getImageData(0, 0, width, height);
  } catch {
    // A picture from another origin without CORS taints the canvas: reading it throws a SecurityError.
    return null;
  }
}

/** Both pictures drawn at the original's size (a result of another size is scaled to it), then compared. */
function computeDifference(original: ImageBitmap, result: ImageBitmap): Difference {
  const longest = Math.max(original.width, original.height);
  const scale = Math.min(1, DIFFERENCE_MAX_SIDE / longest);
  const width = Math.round(original.width * scale);
  const height = Math.round(original.height * scale);
  if (width === 0 || height === 0) return 'unavailable';
  const before = readPixels(original, width, height);
  const after = readPixels(result, width, height);
  if (!before || !after) return 'unavailable';
  const heat = differenceHeatMap(before, after);
  return { heat, share: changedShare(heat) };
}

/**
 * A picture decoded from its bytes: fetched (the session's cookie goes with it to this origin; a bucket
 * must answer with CORS), its pixels can always be read, where an <img> from elsewhere taints a canvas.
 */
async function loadPicture(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return createImageBitmap(await response.blob());
}

/** The difference of two pictures, null while they load. */
function useDifference(before: string, after: string): Difference | null {
  const pair = `${before}\n${after}`;
  const [computed, setComputed] = useState<{ pair: string; difference: Difference } | null>(null);
  useEffect(() => {
    const loading = new AbortController();
    Promise.all([loadPicture(before, loading.signal), loadPicture(after, loading.signal)]).then(
      ([original, result]) => {
        const difference = computeDifference(original, result);
        original.close();
        result.close();
        if (!loading.signal.aborted) setComputed({ pair, difference });
      },
      () => {
        if (!loading.signal.aborted) setComputed({ pair, difference: 'unavailable' });
      },
    );
    return () => loading.abort();
  }, [before, after, pair]);
  // A difference of other pictures is never shown for these.
  return computed?.pair === pair ? computed.difference : null;
}

const LEGEND_STOPS = [0, 8, 32, 96, 255];
const legendGradient = `linear-gradient(to right, ${LEGEND_STOPS.map((difference) => `rgb(${heatColour(difference).join(' ')})`).join(', ')})`;

const fill: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
};

/** The heat map of the difference of the original and the result, computed in the browser. */
export function DifferenceView({
  before,
  after,
  texts,
}: {
  before: string;
  after: string;
  texts: ReviewViewerTexts;
}) {
  const difference = useDifference(before, after);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !difference || difference === 'unavailable') return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const image = context.createImageData(difference.heat.width, difference.heat.height);
    image.data.set(difference.heat.data);
    context.putImageData(image, 0, 0);
  }, [difference]);

  const computed = difference && difference !== 'unavailable' ? difference : null;
  const share =
    computed &&
    new Intl.NumberFormat(texts.locale, { style: 'percent', maximumFractionDigits: 1 }).format(
      computed.share,
    );
  return (
    <>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={texts.differenceMap}
        width={computed?.heat.width ?? 0}
        height={computed?.heat.height ?? 0}
        style={fill}
      />
      {difference === null && (
        <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
          <Spin />
        </Flex>
      )}
      <Flex gap="small" align="center" wrap style={{ ...overPicture, left: 8, bottom: 8 }}>
        {difference === 'unavailable' ? (
          <Typography.Text style={{ color: 'inherit', fontSize: 'inherit' }}>
            {texts.differenceUnavailable}
          </Typography.Text>
        ) : (
          <>
            <span>{texts.unchanged}</span>
            <span aria-hidden style={{ width: 64, height: 8, borderRadius: 2, background: legendGradient }} />
            <span>{texts.changed}</span>
            <span aria-live="polite">{share && texts.changedShare(share)}</span>
          </>
        )}
      </Flex>
    </>
  );
}
