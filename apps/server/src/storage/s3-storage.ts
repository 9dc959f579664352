import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isSafeStorageKey, isSafeStoragePrefix, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); unset for AWS itself. */
  endpoint?: string;
  /** Where browsers reach the bucket, when it differs from `endpoint` (signed URLs only). */
  publicEndpoint?: string;
  /** Both or neither; neither uses the SDK's default chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Browsers may keep a picture a day; `private` keeps it out of shared caches. */
const OBJECT_CACHE_CONTROL = 'private, max-age=86400';

function clientConfig(options: S3StorageOptions, endpoint: string | undefined): S3ClientConfig {
  return {
    region: options.region,
    endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: several S3-compatible services refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** Stores files as objects of one private bucket of S3 or an S3-compatible service. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client(clientConfig(options, options.endpoint));
  // Signing is local work; this client only ever names the host browsers will use.
  const signer = options.publicEndpoint
    ? new S3Client(clientConfig(options, options.publicEndpoint))
    : client;
  const bucket = options.bucket;
  const checked = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };

  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: OBJECT_CACHE_CONTROL,
        }),
      );
    },
    async read(key) {
      if (!isSafeStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`No stream for ${key}`);
        return {
          stream: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // Deleting a missing object is no error in S3, as on the disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
    async *list(prefix) {
      if (!isSafeStoragePrefix(prefix)) throw new Error(`Unsafe storage prefix: ${prefix}`);
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          // Without a write time an object counts as just written: never old enough to be swept.
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    /**
     * Signed at the start of the current window of `expiresInSeconds` and valid for two windows, so
     * the URL stays the same for a while (browsers cache the picture) and lives at least that long.
     */
    async signedUrl(key, expiresInSeconds) {
      const windowMs = expiresInSeconds * 1000;
      const signingDate = new Date(Math.floor(Date.now() / windowMs) * windowMs);
      return getSignedUrl(signer, new GetObjectCommand({ Bucket: bucket, Key: checked(key) }), {
        signingDate,
        expiresIn: 2 * expiresInSeconds,
      });
    },
  };
}
