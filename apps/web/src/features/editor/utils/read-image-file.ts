import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { IMAGE_SIGNATURE_BYTES, fileProblem } from '../model/photo-checks';

/**
 * Why a chosen file is refused before it is read (`fileProblem`): only its first bytes are read,
 * for its type; one that cannot be read at all is no image.
 */
export async function checkedFileProblem(file: File): Promise<string | null> {
  // Over the size limit, not a byte is read.
  if (file.size > MAX_IMAGE_BYTES) return fileProblem(file, new Uint8Array());
  const head = await file
    .slice(0, IMAGE_SIGNATURE_BYTES)
    .arrayBuffer()
    .then((bytes) => new Uint8Array(bytes))
    .catch(() => new Uint8Array());
  return fileProblem(file, head);
}

export interface ReadImage {
  /** Object URL of the image; the caller revokes it. */
  url: string;
  width: number;
  height: number;
}

/**
 * Reads a chosen image file, reporting the percentage read, and decodes it for its natural size.
 * Rejects when the file is not an image the browser can open.
 */
export async function readImageFile(file: File, onProgress?: (percent: number) => void): Promise<ReadImage> {
  const bytes = await readBytes(file, onProgress);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.type }));
  try {
    const { width, height } = await decodeImage(url);
    return { url, width, height };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

function readBytes(file: File, onProgress?: (percent: number) => void): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The natural size of the image at `url`. */
function decodeImage(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () =>
      image.naturalWidth > 0
        ? resolve({ width: image.naturalWidth, height: image.naturalHeight })
        : reject(new Error('The image is empty'));
    image.onerror = () => reject(new Error('The file is not an image'));
    image.src = url;
  });
}
