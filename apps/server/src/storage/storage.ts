import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/** Where pictures live: the local disk by default, an S3-compatible bucket at scale. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  read(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  /** Every file under a folder (`orders/`, `orders/<id>/`), at any depth, with when it was written. */
  list(prefix: string): AsyncIterable<ListedFile>;
  /** A URL the browser may fetch the file from directly for at least that long; only drivers that can sign (S3). */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
}

/** Keys are relative paths of safe segments only; anything else is refused before reaching a driver. */
export function isSafeStorageKey(key: string): boolean {
  return /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/.test(key) && !key.split('/').some((part) => part.startsWith('.'));
}

/** A folder to list: safe segments, ending with a slash. */
export function isSafeStoragePrefix(prefix: string): boolean {
  return (
    /^[a-z0-9-]+\/([A-Za-z0-9._-]+\/)*$/.test(prefix) &&
    !prefix.split('/').some((part) => part.startsWith('.'))
  );
}

const PUBLIC_PREFIX = '/api/files/';

/** The host-relative path the API serves a stored file under. */
export function publicFilePath(key: string): string {
  return `${PUBLIC_PREFIX}${key}`;
}

/** The storage key behind a path made by publicFilePath, if it is one. */
export function storageKeyFromPath(picture: string | null | undefined): string | undefined {
  return picture?.startsWith(PUBLIC_PREFIX) ? picture.slice(PUBLIC_PREFIX.length) : undefined;
}

/** The origin of the storage's presigned URLs (for the Content-Security-Policy), if it signs any. */
export async function signedUrlOrigin(storage: Storage): Promise<string | undefined> {
  return storage.signedUrl ? new URL(await storage.signedUrl('catalog/origin-probe', 60)).origin : undefined;
}
