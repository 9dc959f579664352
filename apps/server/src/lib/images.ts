import sharp, { type Metadata } from 'sharp';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

/** Formats we accept, judged by content, never by name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);
/** Refuses pixel bombs: about 64 megapixels at most. */
const MAX_INPUT_PIXELS = 8000 * 8000;

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

/** Decodes an upload, applies its EXIF orientation, strips all metadata and re-encodes it. */
export async function prepareImage(input: Buffer, options: PrepareOptions = {}): Promise<PreparedImage> {
  const format = options.format ?? 'webp';
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    // sharp reads the declared size before any pixel: a bomb is refused here, as too large.
    const tooLarge = error instanceof Error && error.message.includes('exceeds pixel limit');
    throw AppError.badRequest(tooLarge ? ServerText.imageTooLarge : ServerText.imageInvalid);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format))
    throw AppError.badRequest(ServerText.imageInvalid);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw AppError.badRequest(ServerText.imageTooLarge);
  }
  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (options.square) pipeline = pipeline.resize(options.square, options.square, { fit: 'cover' });
  else if (options.maxSide) {
    pipeline = pipeline.resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true });
  }
  pipeline = pipeline.toFormat(format, format === 'jpeg' ? { quality: 90 } : { quality: 88 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const extension = format === 'jpeg' ? 'jpg' : format;
    return { data, width: info.width, height: info.height, contentType: `image/${format}`, extension };
  } catch {
    throw AppError.badRequest(ServerText.imageInvalid);
  }
}
