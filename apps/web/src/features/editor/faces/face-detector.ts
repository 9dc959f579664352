// The face detector, loaded on demand by find-faces.ts (decision 43): face-api's tiny face detector on
// TensorFlow.js's WebGL backend, its weights served from the app's own origin (a file of the build).
import { TinyFaceDetectorOptions, detectAllFaces, nets, tf } from '@vladmandic/face-api';
// The manifest is bundled (a few hundred bytes); the weights are a file of the build, fetched from the app's origin.
import manifestText from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json?raw';
import weightsUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import type { FaceBox } from './face-suggestions';

/** The network's input side: 608 finds the small faces of a group photo that 416 misses. */
const INPUT_SIZE = 608;
const MIN_SCORE = 0.5;
/** The photo is drawn at most this large for the network (which scales it to INPUT_SIZE anyway). */
const MAX_DRAWN_SIDE = INPUT_SIZE * 2;

/** Names of the performance measures bench/faces.ts reads. */
const FaceMeasure = { modelLoad: 'faces:model-load', detection: 'faces:detection' } as const;

type WeightSpecs = Parameters<typeof tf.io.decodeWeights>[1];

/** `tf` is all of TensorFlow.js at run time; face-api's types declare only the part it uses itself. */
interface TfBackends {
  setBackend: (name: string) => Promise<boolean>;
  ready: () => Promise<void>;
}
const backends = tf as unknown as TfBackends;

let loading: Promise<void> | null = null;

async function fetchOk(url: string): Promise<Response> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer;
}

async function loadModel(): Promise<void> {
  const started = performance.now();
  // The CPU backend would hold the page for seconds on a phone: WebGL or nothing.
  if (!(await backends.setBackend('webgl'))) throw new Error('No WebGL backend');
  await backends.ready();
  const manifest = JSON.parse(manifestText) as Array<{ weights: WeightSpecs }>;
  const weights = await (await fetchOk(weightsUrl)).arrayBuffer();
  nets.tinyFaceDetector.loadFromWeightMap(
    tf.io.decodeWeights(
      weights,
      manifest.flatMap((group) => group.weights),
    ),
  );
  performance.measure(FaceMeasure.modelLoad, { start: started, end: performance.now() });
}

/** The photo drawn no larger than the network needs: a 12-megapixel photo would be a 48 MB texture. */
function drawnSmall(image: HTMLImageElement): HTMLCanvasElement {
  const scale = Math.min(1, MAX_DRAWN_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The faces on the decoded photo, in its own pixels. */
export async function detectFaces(image: HTMLImageElement): Promise<FaceBox[]> {
  loading ??= loadModel().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  await loading;
  const started = performance.now();
  const canvas = drawnSmall(image);
  const options = new TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE });
  const found = await detectAllFaces(canvas, options);
  performance.measure(FaceMeasure.detection, { start: started, end: performance.now() });
  const back = image.naturalWidth / canvas.width;
  return found.map(({ box }) => ({
    x: box.x * back,
    y: box.y * back,
    width: box.width * back,
    height: box.height * back,
  }));
}
