import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { dispatchWaiters, orderProcessing, orders, shifts } from '../../db/schema/index';
import { storageKeyFromPath } from '../../storage/storage';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';

const png = (colour: string, width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

interface Read {
  status: number;
  body: Buffer;
  contentType: string | null;
  cacheControl: string | null;
  /** Where the API redirected to, when it did. */
  redirectedTo?: string;
}

const setups = [
  { name: 'the local disk', useS3: false, signed: false },
  { name: 'S3, streamed through the API', useS3: true, signed: false },
  { name: 'S3, redirected to presigned URLs', useS3: true, signed: true },
];

describe.each(setups)('GET /api/files on $name', ({ useS3, signed }) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let owner: TestClient;
  let otherCustomer: TestClient;
  let designer: TestClient;
  let moderator: TestClient;
  let orderId: string;
  /** The order's pictures by role, as the API names them. */
  let pictures: Record<'original' | 'thumbnail' | 'draft' | 'result' | 'review', string>;

  /** A browser's request: the viewer's session cookie, and a redirect followed without it (another origin). */
  async function readAs(viewer: TestClient | null, picture: string): Promise<Read> {
    const headers: Record<string, string> = viewer?.cookieHeader ? { cookie: viewer.cookieHeader } : {};
    let response = await fetch(`${t.baseUrl}${picture}`, { headers, redirect: 'manual' });
    let redirectedTo: string | undefined;
    if (response.status === 302) {
      redirectedTo = response.headers.get('location')!;
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      response = await fetch(redirectedTo);
    }
    return {
      status: response.status,
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      redirectedTo,
    };
  }

  /** The picture arrives, by the route this setup serves it. */
  async function expectReadable(viewer: TestClient | null, picture: string) {
    const read = await readAs(viewer, picture);
    expect(read.status, `${picture} should be readable`).toBe(200);
    expect(read.contentType).toMatch(/^image\//);
    if (signed && !picture.startsWith('/api/files/catalog/')) {
      expect(read.redirectedTo?.startsWith(`${s3!.endpoint}/${s3!.bucket}/`)).toBe(true);
      expect(new URL(read.redirectedTo!).searchParams.get('X-Amz-Signature')).toBeTruthy();
    } else {
      expect(read.redirectedTo).toBeUndefined();
    }
    return read;
  }

  async function expectHidden(viewer: TestClient | null, picture: string) {
    const read = await readAs(viewer, picture);
    expect(read.status, `${picture} should be hidden`).toBe(404);
    expect(read.redirectedTo).toBeUndefined();
  }

  beforeAll(async () => {
    if (useS3) s3 = await startS3Server();
    t = await createTestApp({ ...s3?.env, ...(signed ? { S3_SIGNED_URLS: 'true' } : {}) });
    // Orders of the seeded demo data stay out of the queues.
    await t.db
      .update(orders)
      .set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
    await t.db.delete(dispatchWaiters);
    await t.db.update(shifts).set({ endedAt: t.clock.now() });

    const teeth = (await catalogServices(t))('Teeth whitening')._id;
    const [designerMember] = await createStaff(t, RoleTitle.designer);
    const [moderatorMember] = await createStaff(t, RoleTitle.moderator);
    designer = designerMember!.client;
    moderator = moderatorMember!.client;
    owner = (await signUpCustomer(t)).client;
    otherCustomer = (await signUpCustomer(t)).client;

    // The order's whole life through real HTTP and sockets: placed, done by a designer, sent back by a moderator.
    await designer.post('/api/executor/shift/toggle');
    const designerSocket = await connectedSocket(t, designer);
    const offered = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
    designerSocket.emit(SocketEvent.executorFind, true);
    orderId = await placeOrder(owner, teeth);
    expect((await offered)._id).toBe(orderId);
    const result = imageForm({}, { image: { data: await png('#33aa55'), name: 'r.png', type: 'image/png' } });
    expect((await designer.post('/api/admin/orders/executor/completed', result)).status).toBe(200);

    const moderatorSocket = await connectedSocket(t, moderator);
    const inReview = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
    moderatorSocket.emit(SocketEvent.reviewFind, true);
    expect((await inReview)._id).toBe(orderId);
    const fix = imageForm(
      { data: JSON.stringify({ message: 'Whiter, please' }) },
      { image: { data: await png('#0000ff'), name: 'fix.png', type: 'image/png' } },
    );
    expect((await moderator.post('/api/admin/orders/review/completed/rejection', fix)).status).toBe(200);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [step] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    pictures = {
      original: row!.original,
      thumbnail: row!.originalThumb,
      draft: row!.draft,
      result: step!.resultPicture!,
      review: step!.reviewPicture!,
    };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it("keeps every picture of the order in the order's folder, the moderator's mark-up too", () => {
    for (const picture of Object.values(pictures)) {
      expect(picture.startsWith(`/api/files/orders/${orderId}/`)).toBe(true);
    }
    expect(pictures.review).toMatch(new RegExp(`^/api/files/orders/${orderId}/review-[0-9a-f-]{36}\\.png$`));
  });

  it("serves the order's pictures to its customer and to the staff, and to nobody else", async () => {
    for (const picture of Object.values(pictures)) {
      await expectReadable(owner, picture);
      await expectReadable(designer, picture);
      await expectReadable(moderator, picture);
      await expectHidden(null, picture);
      await expectHidden(otherCustomer, picture);
    }
  });

  it('serves the pictures as stored: the original at its size, the result as the designer sent it', async () => {
    const original = await expectReadable(owner, pictures.original);
    expect(await sharp(original.body).metadata()).toMatchObject({ width: 64, height: 48 });
    const result = await expectReadable(owner, pictures.result);
    // The designer's green (#33aa55), re-encoded.
    const { dominant } = await sharp(result.body).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r + 60);
    if (!signed) expect(original.cacheControl).toBe('private, no-store');
  });

  it('serves catalogue pictures to everyone, streamed and publicly cacheable', async () => {
    const key = `catalog/test-${randomUUID()}.png`;
    await t.app.storage.put(key, await png('#ffcc00'), 'image/png');
    const read = await expectReadable(null, `/api/files/${key}`);
    expect(read.cacheControl).toBe('public, max-age=86400');
    expect(read.redirectedTo).toBeUndefined();
  });

  it('serves avatars to signed-in users only', async () => {
    const form = imageForm(
      { data: JSON.stringify({ name: { giveName: 'Ann', familyName: 'Lee' } }) },
      { image: { data: await png('#aa3377'), name: 'me.png', type: 'image/png' } },
    );
    const avatar = (await owner.patch('/api/user/change/info', form)).body.picture as string;
    expect(avatar).toMatch(/^\/api\/files\/avatars\//);
    await expectReadable(owner, avatar);
    await expectReadable(otherCustomer, avatar);
    await expectReadable(designer, avatar);
    await expectHidden(null, avatar);
  });

  it('keeps mark-ups stored before they moved into the order folder for the staff', async () => {
    const key = `orders/review-${randomUUID()}.png`;
    await t.app.storage.put(key, await png('#123456'), 'image/png');
    await expectReadable(moderator, `/api/files/${key}`);
    await expectHidden(owner, `/api/files/${key}`);
    await expectHidden(null, `/api/files/${key}`);
  });

  it('answers 404 alike for what does not exist and for what is not yours', async () => {
    const otherOrder = `/api/files/orders/${randomUUID()}/original.png`;
    await expectHidden(owner, otherOrder);
    await expectHidden(owner, `/api/files/orders/not-an-order/original.png`);
    await expectHidden(owner, '/api/files/elsewhere/secret.png');
    await expectHidden(moderator, `/api/files/orders/${orderId}/.hidden.png`);
    if (!signed) {
      // Streamed, a missing file of one's own order is a plain 404 as well.
      await expectHidden(owner, `/api/files/orders/${orderId}/missing.png`);
      await expectHidden(moderator, otherOrder);
    }
  });

  it('stops serving the order once its customer has logged out', async () => {
    const again = await signUpCustomer(t);
    const own = await placeOrder(again.client, (await catalogServices(t))('Teeth whitening')._id);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, own));
    await expectReadable(again.client, row!.draft);
    const cookie = again.client.cookieHeader;
    await again.client.post('/api/logout');
    const stale = await fetch(`${t.baseUrl}${row!.draft}`, {
      headers: { cookie: cookie! },
      redirect: 'manual',
    });
    expect(stale.status).toBe(404);
  });

  it('lets the pages load pictures from the bucket only when they are redirected there', async () => {
    const policy = (await fetch(`${t.baseUrl}/api/files/catalog/none.png`)).headers.get(
      'content-security-policy',
    );
    const imgSrc = /img-src ([^;]*)/.exec(policy ?? '')?.[1];
    if (signed) expect(imgSrc).toBe(`'self' data: blob: ${s3!.endpoint}`);
    else expect(imgSrc).toBe(`'self' data: blob:`);
  });

  if (useS3) {
    it('stores the pictures in the bucket, not on the local disk', async () => {
      for (const picture of Object.values(pictures)) {
        const head = await s3!.client.send(
          new HeadObjectCommand({ Bucket: s3!.bucket, Key: storageKeyFromPath(picture) }),
        );
        expect(head.ContentType).toMatch(/^image\//);
      }
      expect(existsSync(path.join(t.config.DATA_DIR, 'files', 'orders'))).toBe(false);
    });
  }
});
