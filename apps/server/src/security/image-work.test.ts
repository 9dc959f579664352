import { availableParallelism } from 'node:os';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { adjustBalance, signUpCustomer } from '../../test/fixtures';
import { adminClient, createGroup, createService, offerData } from '../../test/catalog-fixtures';
import { catalogServices } from '../../test/staff-fixtures';
import { sendRawForm, type RawUpload } from '../../test/raw-form';
import { services } from '../db/schema/index';
import { imageWork } from '../lib/images';
import { OrderCreateText } from '../modules/orders/orders.service';
import { corruptPng, hugePng, notAnImage } from '../resilience/abusive-images';
import { snapshotState } from '../resilience/state-snapshot';

/**
 * Image work must cost the sender what it costs the server: every file's header and the order's price
 * and balance are checked before any pixel is decoded, decodes run through one bounded queue, a failed
 * request leaves none of its work queued, and a request is capped in size before its body is read.
 * Assertions are on counts of decodes (started, most at once, waiting), never on durations.
 */
let t: TestApp;
let customer: TestClient;
let teeth: string;
let tooDear: unknown;
/** A real, complete 8000 × 8000 PNG (64 megapixels, the most accepted) of a few kB. */
let sixtyFourMegapixels: RawUpload;
let smallPng: RawUpload;
const defaultConcurrency = imageWork.concurrency;

const orderData = (...serviceIds: string[]) => ({
  order: { persons: [{ id: 'photo', orders: serviceIds.map((id) => ({ id })) }], message: '' },
});

beforeAll(async () => {
  t = await createTestApp();
  const signedUp = await signUpCustomer(t);
  customer = signedUp.client;
  await adjustBalance(t, signedUp.user._id, { main: 100, bonus: 0 });
  const catalog = await catalogServices(t);
  teeth = catalog('Teeth whitening')._id;
  tooDear = orderData(catalog('Face swap')._id, catalog('Skin retouch')._id, teeth);
  sixtyFourMegapixels = { data: hugePng(8000, 8000), name: 'photo.png', type: 'image/png' };
  smallPng = {
    data: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#996633' } })
      .png()
      .toBuffer(),
    name: 'draft.png',
    type: 'image/png',
  };
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  await imageWork.idle();
  imageWork.resetStats();
});
afterEach(() => {
  imageWork.concurrency = defaultConcurrency;
});

const sendOrder = (client: TestClient, data: unknown, files: Record<string, RawUpload>, options = {}) =>
  sendRawForm(t.baseUrl, client, 'POST', '/api/orders/create', data, files, options);
const sendAvatar = (files: Record<string, RawUpload>, options = {}) =>
  sendRawForm(
    t.baseUrl,
    customer,
    'PATCH',
    '/api/user/change/info',
    { name: { giveName: 'Ann', familyName: 'Lee' } },
    files,
    options,
  );

describe('image work', () => {
  it('runs one queue as wide as the machine', () => {
    expect(defaultConcurrency).toBe(availableParallelism());
  });

  it('checks every header first: a 64-megapixel PNG beside a broken file costs no decode', async () => {
    const before = await snapshotState(t.db, t.config.DATA_DIR);
    const answer = await sendOrder(customer, orderData(teeth), {
      original: sixtyFourMegapixels,
      draft: { data: notAnImage, name: 'draft.png', type: 'image/png' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: ServerText.imageInvalid } });
    await imageWork.idle();
    expect(imageWork.stats().started).toBe(0);
    expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
  });

  it('refuses an order over the balance from its data, before its files are read or decoded', async () => {
    const poor = await signUpCustomer(t);
    const before = await snapshotState(t.db, t.config.DATA_DIR);
    // The body stops after the data and the first kilobytes of a 20 MB original: only an answer given
    // from the data alone can come back.
    const answer = await sendOrder(
      poor.client,
      tooDear,
      {
        original: { ...sixtyFourMegapixels, padding: 20 * 1024 * 1024 },
        draft: smallPng,
      },
      { stallAfter: 64 * 1024 },
    );
    expect(answer).toMatchObject({ status: 402, body: { message: OrderCreateText.insufficientFunds } });
    await imageWork.idle();
    expect(imageWork.stats().started).toBe(0);
    expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
    expect((await poor.client.get('/api/user/info')).body.balance).toEqual({ main: 0, bonus: 20 });
  });

  it('never runs more decodes at once than the queue allows, and a catalogue picture still gets through', async () => {
    imageWork.concurrency = 2;
    const admin = await adminClient(t);
    const { serviceId } = await createService(admin, await createGroup(admin));
    const [oldPicture] = await t.db
      .select({ picture: services.picture })
      .from(services)
      .where(eq(services.id, serviceId));
    imageWork.resetStats();

    const flood = Array.from({ length: 6 }, () => sendAvatar({ image: sixtyFourMegapixels }));
    const catalogue = sendRawForm(
      t.baseUrl,
      admin,
      'PATCH',
      `/api/admin/services/list/${serviceId}`,
      {
        ...offerData(),
        embedInCanvas: false,
        allowMessage: false,
        allowAdditionalImage: false,
        multi: false,
        multiDegree: false,
        degreeAction: [],
      },
      { image: { ...smallPng, name: 'main.png' } },
    );
    const more = Array.from({ length: 4 }, () => sendAvatar({ image: sixtyFourMegapixels }));

    const answers = await Promise.all([...flood, ...more]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await catalogue).toMatchObject({ status: 200 });
    const [changed] = await t.db
      .select({ picture: services.picture })
      .from(services)
      .where(eq(services.id, serviceId));
    expect(changed!.picture).not.toBe(oldPicture!.picture);
    await imageWork.idle();
    const stats = imageWork.stats();
    // Ten avatars and the catalogue picture with its thumbnail.
    expect(stats.started).toBe(12);
    expect(stats.maxRunning).toBeLessThanOrEqual(2);
  }, 120_000);

  it('leaves no work of a failed request behind: its waiting decodes are dropped', async () => {
    imageWork.concurrency = 1;
    // The original's header is sound, its pixels are not: the first decode fails, and the thumbnail
    // and the draft waiting behind it are never started.
    const answer = await sendOrder(customer, orderData(teeth), {
      original: { data: corruptPng(4000, 4000), name: 'photo.png', type: 'image/png' },
      draft: sixtyFourMegapixels,
    });
    expect(answer).toMatchObject({ status: 400, body: { message: ServerText.imageInvalid } });
    expect(imageWork.stats().queued).toBe(0);
    await imageWork.idle();
    expect(imageWork.stats().started).toBe(1);
  });

  it('answers 413 to a declared length over the cap without reading the body', async () => {
    const before = await snapshotState(t.db, t.config.DATA_DIR);
    const answer = await sendOrder(
      customer,
      orderData(teeth),
      { original: sixtyFourMegapixels, draft: smallPng },
      { declaredLength: 200 * 1024 * 1024, stallAfter: 100 },
    );
    expect(answer).toMatchObject({ status: 413, body: { message: ServerText.uploadTooLarge } });
    expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
  });

  it('cuts a chunked body at the cap of its route', async () => {
    const before = await snapshotState(t.db, t.config.DATA_DIR);
    // Two files each under the avatar limit, together over what an avatar form may weigh.
    const padding = MAX_AVATAR_BYTES - 64 * 1024;
    const answer = await sendAvatar({
      image: { ...smallPng, padding },
      other: { ...smallPng, padding },
    });
    expect(answer).toMatchObject({ status: 413, body: { message: ServerText.uploadTooLarge } });
    expect(imageWork.stats().started).toBe(0);
    expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
  });
});
