import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeOrphanPictures, ORPHAN_PICTURE_AGE_MINUTES } from '../modules/orders/orphan-pictures';
import { createS3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adjustBalance, signUpCustomer } from '../../test/fixtures';
import { catalogServices, placeOrder } from '../../test/staff-fixtures';

const PICTURE = Buffer.from('not really a picture');
const AGE_MS = ORPHAN_PICTURE_AGE_MINUTES * 60 * 1000;

let t: TestApp;
let realOrderId: string;
beforeAll(async () => {
  t = await createTestApp();
  const { client, user } = await signUpCustomer(t);
  await adjustBalance(t, user._id, { main: 1000, bonus: 0 });
  realOrderId = await placeOrder(client, (await catalogServices(t))('Teeth whitening')._id);
});
afterAll(() => t.close());

async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

/** Makes local files look written that long ago. */
async function age(keys: string[], ms: number) {
  const then = new Date(Date.now() - ms);
  for (const key of keys) await utimes(path.join(t.config.DATA_DIR, 'files', key), then, then);
}

describe('pictures of orders cut off before their commit (local disk)', () => {
  it('removes only folders without an order whose newest file is older than an hour', async () => {
    const storage = t.app.storage;
    const oldOrphan = [`orders/${randomUUID()}/original.png`, `orders/${randomUUID()}/draft.png`];
    const youngOrphan = `orders/${randomUUID()}/original.png`;
    const mixed = randomUUID();
    const legacyReview = `orders/review-${randomUUID()}.png`;
    for (const key of [
      ...oldOrphan,
      youngOrphan,
      `orders/${mixed}/a.png`,
      `orders/${mixed}/b.png`,
      legacyReview,
    ])
      await storage.put(key, PICTURE, 'image/png');
    const realFiles = await keysUnder(storage, `orders/${realOrderId}/`);
    expect(realFiles.length).toBeGreaterThan(0);
    // The real order's pictures are old too: only the missing order row makes a folder an orphan.
    await age([...oldOrphan, `orders/${mixed}/a.png`, legacyReview, ...realFiles], 2 * AGE_MS);

    expect(await removeOrphanPictures({ db: t.db, storage }, new Date())).toBe(2);

    for (const key of oldOrphan) expect(await storage.read(key)).toBeNull();
    const left = await keysUnder(storage, 'orders/');
    expect(left).toEqual(
      [youngOrphan, `orders/${mixed}/a.png`, `orders/${mixed}/b.png`, legacyReview, ...realFiles].sort(),
    );
  });

  it('runs with the periodic jobs', async () => {
    const jobs = await createTestApp({ JOBS_INTERVAL_SECONDS: '1' });
    try {
      const key = `orders/${randomUUID()}/original.png`;
      await jobs.app.storage.put(key, PICTURE, 'image/png');
      const then = new Date(Date.now() - 2 * AGE_MS);
      await utimes(path.join(jobs.config.DATA_DIR, 'files', key), then, then);
      await vi.waitFor(async () => expect(await jobs.app.storage.read(key)).toBeNull(), {
        timeout: 50_000,
        interval: 100,
      });
    } finally {
      await jobs.close();
    }
  }, 60_000);
});

describe('pictures of orders cut off before their commit (S3)', () => {
  let s3: TestS3Server;
  let storage: Storage;
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
  });
  afterAll(() => s3.close());

  // s3rver cannot page (its continuation token needs DES, which OpenSSL 3 leaves out): one page here.
  it('lists every object under a prefix with its write time', async () => {
    const folder = `orders/${randomUUID()}`;
    const keys = [`${folder}/a.png`, `${folder}/nested/b.png`];
    for (const key of keys) await storage.put(key, PICTURE, 'image/png');
    const listed: Array<{ key: string; modifiedAt: Date }> = [];
    for await (const file of storage.list(`${folder}/`)) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual(keys);
    for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThan(0);
    for (const key of keys) await storage.remove(key);
  });

  it('removes an orphan folder once it is older than an hour, never a real order', async () => {
    const orphan = `orders/${randomUUID()}/original.png`;
    const real = `orders/${realOrderId}/original.png`;
    await storage.put(orphan, PICTURE, 'image/png');
    await storage.put(real, PICTURE, 'image/png');

    // Just written: too young to tell from an order still being sent.
    expect(await removeOrphanPictures({ db: t.db, storage }, new Date())).toBe(0);
    // An hour and more later (the clock moved; S3 keeps its own write times).
    expect(await removeOrphanPictures({ db: t.db, storage }, new Date(Date.now() + 2 * AGE_MS))).toBe(1);
    expect(await keysUnder(storage, 'orders/')).toEqual([real]);
  });
});
