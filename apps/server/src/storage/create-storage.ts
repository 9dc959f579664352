import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

export type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'STORAGE_DRIVER'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The storage the configuration asks for: the local disk under DATA_DIR/files, or the S3 bucket. The
 * AWS SDK (about 30 MB of memory) is loaded only for the bucket.
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.STORAGE_DRIVER === 'local') return createLocalStorage(path.join(config.DATA_DIR, 'files'));
  const { createS3Storage } = await import('./s3-storage');
  // The configuration refuses the s3 driver without a bucket.
  return createS3Storage({
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
