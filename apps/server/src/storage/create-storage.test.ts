import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createStorage } from './create-storage';

const bytes = Buffer.from('not really a picture');

describe('the storage settings', () => {
  it('default to the local disk', () => {
    expect(loadConfig({})).toMatchObject({
      STORAGE_DRIVER: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      S3_SIGNED_URLS: false,
      S3_SIGNED_URL_TTL_SECONDS: 300,
    });
  });

  it('need a bucket for the s3 driver', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: required when STORAGE_DRIVER is s3/,
    );
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'pictures' }).S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it('take both access key settings or neither', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID: required/,
    );
  });

  it('refuse signed URLs without the s3 driver, and bad endpoints or lifetimes', () => {
    expect(() => loadConfig({ S3_SIGNED_URLS: 'true' })).toThrow(/S3_SIGNED_URLS: needs STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_SIGNED_URL_TTL_SECONDS: '0' })).toThrow(/S3_SIGNED_URL_TTL_SECONDS/);
  });
});

describe('createStorage', () => {
  let dataDir: string;
  let s3: TestS3Server;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-storage-'));
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes under DATA_DIR/files with the local driver, which cannot sign', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: dataDir }));
    await storage.put('catalog/a.png', bytes, 'image/png');
    expect(await readFile(path.join(dataDir, 'files', 'catalog', 'a.png'))).toEqual(bytes);
    expect(storage.signedUrl).toBeUndefined();
  });

  it('writes to the bucket with the s3 driver', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    await storage.put('catalog/b.png', bytes, 'image/png');
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'catalog/b.png' }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(storage.signedUrl).toBeTypeOf('function');
  });
});
