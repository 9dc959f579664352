import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createS3Storage } from './s3-storage';
import type { Storage, StoredFile } from './storage';

let s3: TestS3Server;
let storage: Storage;
let png: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3Storage({
    bucket: s3.bucket,
    region: s3.env.S3_REGION!,
    endpoint: s3.endpoint,
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  });
  png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
});
afterAll(() => s3.close());

async function bytesOf(file: StoredFile | null): Promise<Buffer> {
  if (!file) throw new Error('no file');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** When a presigned URL stops working: its signing time plus its lifetime. */
function expiryOf(url: string): number {
  const query = new URL(url).searchParams;
  const stamp = query
    .get('X-Amz-Date')!
    .replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
  return Date.parse(stamp) + Number(query.get('X-Amz-Expires')) * 1000;
}

describe('the S3 storage driver against an S3-compatible server', () => {
  it('stores an object with its content type and size, reads it back, and removes it', async () => {
    const key = 'orders/0b9f3f4e-7d5a-4f55-9d59-1e0c8d3f2a10/original.png';
    await storage.put(key, png, 'image/png');

    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head).toMatchObject({
      ContentType: 'image/png',
      ContentLength: png.length,
      CacheControl: 'private, max-age=86400',
    });
    const file = await storage.read(key);
    expect(file).toMatchObject({ size: png.length, contentType: 'image/png' });
    expect((await bytesOf(file)).equals(png)).toBe(true);

    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
  });

  it('answers null for a missing key, and removing a missing key is no error', async () => {
    expect(await storage.read('orders/nothing-here.png')).toBeNull();
    await expect(storage.remove('orders/nothing-here.png')).resolves.toBeUndefined();
  });

  it('replaces an object put again under the same key', async () => {
    const webp = await sharp(png).webp().toBuffer();
    await storage.put('avatars/replaced.webp', png, 'image/png');
    await storage.put('avatars/replaced.webp', webp, 'image/webp');
    const file = await storage.read('avatars/replaced.webp');
    expect(file).toMatchObject({ size: webp.length, contentType: 'image/webp' });
    expect((await bytesOf(file)).equals(webp)).toBe(true);
  });

  it('refuses unsafe keys before they reach the bucket', async () => {
    await expect(storage.put('../escape.png', png, 'image/png')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.remove('orders/../../x')).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.signedUrl!('/absolute', 60)).rejects.toThrow(/Unsafe storage key/);
    expect(await storage.read('orders/../catalog/x.png')).toBeNull();
  });
});

describe('presigned URLs', () => {
  const key = 'orders/5c1d0a52-3c1e-4b7a-8f0e-2d7c9b6a4e31/result-1.png';
  beforeAll(() => storage.put(key, png, 'image/png'));

  it('fetch the object directly from the bucket, with its type, and stay the same within their window', async () => {
    const url = await storage.signedUrl!(key, 300);
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // Valid at least the asked time, at most twice that.
    const left = expiryOf(url) - Date.now();
    expect(left).toBeGreaterThan(299_000);
    expect(left).toBeLessThanOrEqual(600_000);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    // The same URL while the window lasts, so a browser's cache keeps the picture.
    expect(await storage.signedUrl!(key, 300)).toBe(url);
  });

  it('are refused once expired', async () => {
    const url = await storage.signedUrl!(key, 1);
    expect((await fetch(url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiryOf(url) - Date.now() + 1100));
    const late = await fetch(url);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/Request has expired/);
  });

  it('are refused when their credential is tampered with', async () => {
    const url = new URL(await storage.signedUrl!(key, 300));
    const credential = url.searchParams.get('X-Amz-Credential')!;
    url.searchParams.set('X-Amz-Credential', credential.replace(/^[^/]+/, 'SOMEONE-ELSE'));
    const answer = await fetch(url);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toMatch(/InvalidAccessKeyId/);
  });

  it('name the public endpoint when browsers reach the bucket elsewhere', async () => {
    const behindProxy = createS3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      publicEndpoint: 'https://files.retouch.example',
      accessKeyId: s3.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    const url = await behindProxy.signedUrl!(key, 60);
    expect(url.startsWith(`https://files.retouch.example/${s3.bucket}/${key}?`)).toBe(true);
    // Reading still goes to the internal endpoint.
    expect(await behindProxy.read(key)).toMatchObject({ size: png.length });
  });
});
