import { hasWebGl } from './device-support';
import type { FaceBox } from './face-suggestions';

/** Past this, the faces found come too late to help: the editor carries on without them. */
export const FACE_SEARCH_TIME_LIMIT_MS = 30_000;

/**
 * The faces on the photo at `url`, found on this device (the photo goes nowhere): the detector and its
 * weights load only now, from the app's own origin. Any failure (no WebGL, a load error, the time
 * limit) gives no faces, and the editor works as it did without them.
 */
export async function findFacesOnDevice(
  url: string,
  timeLimitMs = FACE_SEARCH_TIME_LIMIT_MS,
): Promise<FaceBox[]> {
  if (!hasWebGl()) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<FaceBox[]>((resolve) => {
    timer = setTimeout(() => resolve([]), timeLimitMs);
  });
  const search = (async () => {
    const [detectFaces, image] = await Promise.all([loadDetector(), decodedImage(url)]);
    return detectFaces(image);
  })().catch(() => []);
  try {
    return await Promise.race([search, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** The detector's code (face-api with TensorFlow.js, about 1.3 MB), measured for bench/faces.ts. */
async function loadDetector() {
  const started = performance.now();
  const { detectFaces } = await import('./face-detector');
  performance.measure('faces:code-load', { start: started, end: performance.now() });
  return detectFaces;
}

function decodedImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The photo could not be decoded'));
    image.src = url;
  });
}
