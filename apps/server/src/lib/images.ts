import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import sharp from 'sharp';
import { IMAGE_FORMATS, MAX_IMAGE_PIXELS } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

/** Formats we accept, judged by content, never by name. */
const ACCEPTED_FORMATS = new Set<string>(IMAGE_FORMATS.map((known) => known.format));
/** Refuses pixel bombs: about 64 megapixels at most (the editor refuses larger photos as they are chosen). */
const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;

// Each picture is made by one thread (what sharp already chooses on glibc), the queue giving the parallelism;
// and no operation cache: every upload is new, so it would only keep pixels of finished pictures alive.
sharp.concurrency(1);
sharp.cache(false);

/** Every decode of the process waits here: a flood of heavy pictures queues instead of taking every core. */
const imageQueue = new PQueue({ concurrency: availableParallelism() });
const counts = { started: 0, running: 0, maxRunning: 0 };
const inFlight = new Set<Promise<unknown>>();

/** The shared image queue: its width, and counts for tests and operators (never durations). */
export const imageWork = {
  get concurrency(): number {
    return imageQueue.concurrency;
  },
  set concurrency(value: number) {
    imageQueue.concurrency = value;
  },
  /** Decodes started since the last reset, running now, most at once, and waiting in the queue. */
  stats: () => ({ ...counts, queued: imageQueue.size }),
  resetStats() {
    counts.started = 0;
    counts.maxRunning = counts.running;
  },
  /** Settles once no image work (header read or decode) is under way. */
  async idle(): Promise<void> {
    while (inFlight.size > 0 || imageQueue.size > 0 || imageQueue.pending > 0) {
      await Promise.allSettled([...inFlight, imageQueue.onIdle()]);
    }
  },
};

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp' | 'image/png' | 'image/jpeg';
  extension: 'webp' | 'png' | 'jpg';
}

export interface PrepareOptions {
  /** Longest side of the output; larger pictures are scaled down. */
  maxSide?: number;
  /** Crop to a square of this side (avatars). */
  square?: number;
  format?: 'webp' | 'png' | 'jpeg';
}

/** An upload: its bytes, or the path of the file it was written to as it arrived (`readSpooledMultipart`). */
export type ImageInput = Buffer | string;

/** One picture to make of an upload (the same upload may give several, an original and its thumbnail). */
export interface ImageJob {
  input: ImageInput;
  options?: PrepareOptions;
}

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

/**
 * Huffman tables left standard: optimising them holds every DCT coefficient of the picture until the
 * end (3 bytes a pixel, 36 MB for 12 megapixels, 190 MB for 64) and doubles the encoding time, for files
 * 7-15 % smaller. Without, a JPEG is written strip by strip as it is decoded, in a few megabytes.
 */
const JPEG_OUTPUT = { quality: 90, optimiseCoding: false } as const;

function track<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work)).catch(() => undefined);
  return work;
}

/**
 * Reads an upload's header only, no pixel decoded: refuses what is no accepted image or declares more
 * than 64 megapixels. Cheap, so it runs outside the queue, for every file before any decode.
 */
export function readImageHeader(input: ImageInput): Promise<ImageHeader> {
  return track(
    (async () => {
      const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .catch((error: unknown) => {
          // sharp reads the declared size before any pixel: a bomb is refused here, as too large.
          const tooLarge = error instanceof Error && error.message.includes('exceeds pixel limit');
          throw AppError.badRequest(tooLarge ? ServerText.imageTooLarge : ServerText.imageInvalid);
        });
      const { format, width = 0, height = 0 } = metadata;
      if (!format || !ACCEPTED_FORMATS.has(format)) throw AppError.badRequest(ServerText.imageInvalid);
      if (width * height > MAX_INPUT_PIXELS) throw AppError.badRequest(ServerText.imageTooLarge);
      return { format, width, height };
    })(),
  );
}

/**
 * Makes a request's pictures: every upload's header is checked before any is decoded, then the decodes
 * (EXIF orientation applied, all metadata stripped, re-encoded) go through the shared queue. The first
 * failure, or `signal`, drops the request's decodes still waiting; one already running ends on its own.
 */
export async function prepareImages(jobs: ImageJob[], signal?: AbortSignal): Promise<PreparedImage[]> {
  return Promise.all(await startImages(jobs, signal));
}

/**
 * `prepareImages`, each picture handed over as soon as it is made (a small one need not wait for the
 * large): answers once every header is checked, with a promise per job, in the jobs' order. The caller
 * settles them all.
 */
export async function startImages(
  jobs: ImageJob[],
  signal?: AbortSignal,
): Promise<Array<Promise<PreparedImage>>> {
  await Promise.all([...new Set(jobs.map((job) => job.input))].map(readImageHeader));
  const failed = new AbortController();
  const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  return jobs.map((job) => track(decodeInQueue(job, stop, failed)));
}

/** `prepareImages` for a single picture. */
export async function prepareImage(input: ImageInput, options: PrepareOptions = {}): Promise<PreparedImage> {
  const [image] = await prepareImages([{ input, options }]);
  return image!;
}

function decodeInQueue(job: ImageJob, stop: AbortSignal, failed: AbortController): Promise<PreparedImage> {
  if (stop.aborted) return Promise.reject(stop.reason as Error);
  // The queue's own signal only drops a waiting task: a running decode keeps its slot until sharp ends,
  // so the queue's width bounds the work really under way.
  const waiting = new AbortController();
  const drop = () => waiting.abort(stop.reason);
  stop.addEventListener('abort', drop, { once: true });
  return imageQueue.add(
    async () => {
      stop.removeEventListener('abort', drop);
      stop.throwIfAborted();
      try {
        return await decode(job);
      } catch (error) {
        failed.abort(error);
        throw error;
      }
    },
    { signal: waiting.signal },
  );
}

async function decode({ input, options = {} }: ImageJob): Promise<PreparedImage> {
  const format = options.format ?? 'webp';
  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (options.square) pipeline = pipeline.resize(options.square, options.square, { fit: 'cover' });
  else if (options.maxSide) {
    pipeline = pipeline.resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true });
  }
  pipeline = pipeline.toFormat(format, format === 'jpeg' ? JPEG_OUTPUT : { quality: 88 });
  counts.started += 1;
  counts.running += 1;
  counts.maxRunning = Math.max(counts.maxRunning, counts.running);
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const extension = format === 'jpeg' ? 'jpg' : format;
    return { data, width: info.width, height: info.height, contentType: `image/${format}`, extension };
  } catch {
    throw AppError.badRequest(ServerText.imageInvalid);
  } finally {
    counts.running -= 1;
  }
}
