import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { adjustBalance, signUpCustomer } from '../../../test/fixtures';
import { catalogServices } from '../../../test/staff-fixtures';
import { sendRawForm, type RawUpload } from '../../../test/raw-form';
import { orders } from '../../db/schema/index';
import { imageWork } from '../../lib/images';
import { UPLOAD_FOLDER_PREFIX } from '../../lib/multipart';
import { notAnImage } from '../../resilience/abusive-images';
import { snapshotState } from '../../resilience/state-snapshot';

/**
 * An order's pictures go to disk as they arrive and through the shared image queue: more sends than
 * the queue has slots all get their own pictures, and a send refused part-way (a file too large as it
 * streams, a file that is no picture) leaves no file, no upload and no charge. Upload folders are
 * watched in a TMPDIR of this file's own.
 */
let t: TestApp;
let spoolRoot: string;
let teeth: string;
const previousTmpdir = process.env.TMPDIR;
const defaultConcurrency = imageWork.concurrency;

const orderData = () => ({ order: { persons: [{ id: 'photo', orders: [{ id: teeth }] }], message: '' } });
const png = async (width: number, height: number): Promise<RawUpload> => ({
  data: await sharp({ create: { width, height, channels: 3, background: '#a0522d' } })
    .png()
    .toBuffer(),
  name: 'photo.png',
  type: 'image/png',
});
const sendOrder = (client: TestClient, files: Record<string, RawUpload>) =>
  sendRawForm(t.baseUrl, client, 'POST', '/api/orders/create', orderData(), files);

const uploadFolders = async () =>
  (await readdir(spoolRoot)).filter((name) => name.startsWith(UPLOAD_FOLDER_PREFIX));

/** A stored picture, as its owner downloads it. */
async function download(client: TestClient, picture: string): Promise<Buffer> {
  const answer = await fetch(`${t.baseUrl}${picture}`, { headers: { cookie: client.cookieHeader! } });
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

async function storedPictures(orderId: string) {
  const [row] = await t.db
    .select({ original: orders.original, thumb: orders.originalThumb, draft: orders.draft })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

async function customerWithTokens() {
  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100, bonus: 0 });
  return customer;
}

beforeAll(async () => {
  spoolRoot = await mkdtemp(path.join(os.tmpdir(), 'retouch-order-pictures-test-'));
  process.env.TMPDIR = spoolRoot;
  t = await createTestApp();
  teeth = (await catalogServices(t))('Teeth whitening')._id;
}, 60_000);
afterAll(async () => {
  await t.close();
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await rm(spoolRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  await imageWork.idle();
  imageWork.resetStats();
});
afterEach(() => {
  imageWork.concurrency = defaultConcurrency;
});

describe('order pictures', () => {
  it('makes the pictures of more sends at once than the queue has slots, each order its own', async () => {
    imageWork.concurrency = 2;
    const { client } = await customerWithTokens();
    const widths = [640, 656, 672, 688, 704];
    const draft = await png(70, 40);

    const answers = await Promise.all(
      widths.map(async (width) => sendOrder(client, { original: await png(width, 480), draft })),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(widths.length).fill(201));
    for (const [index, answer] of answers.entries()) {
      const stored = await storedPictures((answer.body as { _id: string })._id);
      expect(await sharp(await download(client, stored.original)).metadata()).toMatchObject({
        format: 'jpeg',
        width: widths[index],
        height: 480,
      });
      expect(await sharp(await download(client, stored.thumb)).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
      });
    }
    await imageWork.idle();
    // An original, its thumbnail and a draft for each send; never more than two at once.
    expect(imageWork.stats()).toMatchObject({ started: 3 * widths.length, queued: 0 });
    expect(imageWork.stats().maxRunning).toBeLessThanOrEqual(2);
    expect(await uploadFolders()).toEqual([]);
  });

  it('stores a phone photo upright and without its metadata', async () => {
    const { client } = await customerWithTokens();
    const sideways = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'owner-private' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const answer = await sendOrder(client, {
      original: { data: sideways, name: 'photo.jpg', type: 'image/jpeg' },
      draft: await png(70, 40),
    });

    expect(answer.status).toBe(201);
    const stored = await storedPictures((answer.body as { _id: string })._id);
    const original = await download(client, stored.original);
    const written = await sharp(original).metadata();
    expect(written).toMatchObject({ format: 'jpeg', width: 600, height: 900 });
    expect(written.exif).toBeUndefined();
    expect(written.orientation).toBeUndefined();
    expect(original.includes('SecretCam')).toBe(false);
    expect(await sharp(await download(client, stored.thumb)).metadata()).toMatchObject({
      width: 267,
      height: 400,
    });
  });

  const refusals = [
    {
      name: 'an original over the file limit, refused as it streams',
      original: async () => ({ ...(await png(64, 48)), padding: MAX_IMAGE_BYTES + 1024 * 1024 }),
      status: 413,
      message: ServerText.fileTooLarge,
    },
    {
      name: 'a draft that is no picture, refused once uploaded',
      original: () => png(64, 48),
      draft: () => ({ data: notAnImage, name: 'draft.png', type: 'image/png' }),
      status: 400,
      message: ServerText.imageInvalid,
    },
    {
      // Its header reads well: the pictures are made, and the original's written, before it fails.
      name: 'a draft whose pixels are cut short, refused as it is decoded',
      original: () => png(64, 48),
      draft: async () => {
        const whole = await png(700, 400);
        return { ...whole, data: whole.data.subarray(0, Math.floor(whole.data.length / 2)) };
      },
      status: 400,
      message: ServerText.imageInvalid,
      decodes: true,
    },
  ];
  for (const refusal of refusals) {
    it(`leaves no file, no upload and no charge after ${refusal.name}`, async () => {
      const { client } = await customerWithTokens();
      const before = await snapshotState(t.db, t.config.DATA_DIR);

      const answer = await sendOrder(client, {
        original: await refusal.original(),
        draft: refusal.draft ? await refusal.draft() : await png(70, 40),
      });

      expect(answer).toMatchObject({ status: refusal.status, body: { message: refusal.message } });
      expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
      expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 100, bonus: 20 });
      expect(await uploadFolders()).toEqual([]);
      await imageWork.idle();
      if (!refusal.decodes) expect(imageWork.stats().started).toBe(0);
    }, 60_000);
  }
});
