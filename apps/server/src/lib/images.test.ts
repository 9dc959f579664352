import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageWork, prepareImage, prepareImages } from './images';

/** A photo as a phone sends it: stored sideways with EXIF orientation 6 (turn right), camera data in EXIF. */
const sidewaysPhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .composite([
      {
        input: { create: { width: 40, height: 20, channels: 3, background: { r: 250, g: 250, b: 10 } } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'owner-private' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const pixels = (picture: Buffer) => sharp(picture).raw().toBuffer({ resolveWithObject: true });

let folder: string;
const defaultConcurrency = imageWork.concurrency;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'retouch-images-test-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('prepareImage', () => {
  it('writes a JPEG upright, scaled within its side, with no metadata, from a file as from its bytes', async () => {
    const photo = await sidewaysPhoto(1200, 800);
    const file = path.join(folder, 'upload');
    await writeFile(file, photo);

    const fromBytes = await prepareImage(photo, { maxSide: 900, format: 'jpeg' });
    const fromFile = await prepareImage(file, { maxSide: 900, format: 'jpeg' });

    expect(fromBytes).toMatchObject({ width: 600, height: 900, contentType: 'image/jpeg', extension: 'jpg' });
    expect(fromFile.data.equals(fromBytes.data)).toBe(true);
    const written = await sharp(fromBytes.data).metadata();
    expect(written).toMatchObject({ format: 'jpeg', width: 600, height: 900 });
    expect(written.exif).toBeUndefined();
    expect(written.orientation).toBeUndefined();
    expect(fromBytes.data.includes('SecretCam')).toBe(false);
  });

  it('writes the same pixels as with the Huffman tables optimised it wrote before', async () => {
    const photo = await sidewaysPhoto(1600, 1200);
    const now = await prepareImage(photo, { maxSide: 8000, format: 'jpeg' });
    // What the server wrote before (sharp's defaults): the tables are lossless, the pixels must not move.
    const before = await sharp(photo).rotate().jpeg({ quality: 90 }).toBuffer();

    const [nowPixels, beforePixels] = await Promise.all([pixels(now.data), pixels(before)]);
    expect(nowPixels.info).toEqual(beforePixels.info);
    expect(nowPixels.data.equals(beforePixels.data)).toBe(true);
    expect(nowPixels.info).toMatchObject({ width: 1200, height: 1600 });
  });
});

describe('the image queue', () => {
  beforeEach(async () => {
    await imageWork.idle();
    imageWork.resetStats();
  });
  afterEach(() => {
    imageWork.concurrency = defaultConcurrency;
  });

  it('makes every picture of more requests than it has slots, each its own, never more at once', async () => {
    imageWork.concurrency = 2;
    const widths = [310, 320, 330, 340, 350, 360, 370];
    const uploads = await Promise.all(
      widths.map((width) =>
        sharp({ create: { width, height: 200, channels: 3, background: '#808080' } })
          .png()
          .toBuffer(),
      ),
    );

    const made = await Promise.all(
      uploads.map((upload) =>
        prepareImages([
          { input: upload, options: { format: 'png' } },
          { input: upload, options: { maxSide: 100, format: 'webp' } },
        ]),
      ),
    );

    expect(made.map(([picture]) => picture!.width)).toEqual(widths);
    expect(made.map(([, thumbnail]) => thumbnail!.width)).toEqual(Array(widths.length).fill(100));
    await imageWork.idle();
    expect(imageWork.stats()).toMatchObject({ started: 14, running: 0, queued: 0 });
    expect(imageWork.stats().maxRunning).toBeLessThanOrEqual(2);
  });
});
