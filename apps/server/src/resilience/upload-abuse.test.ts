import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { MAX_AVATAR_BYTES } from '@retouch/shared/constants';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { AdminServerText, ServerText } from '@retouch/shared/texts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { adjustBalance, imageForm, signUpCustomer } from '../../test/fixtures';
import { sendRawForm, type RawFormOptions, type RawUpload } from '../../test/raw-form';
import {
  adminClient,
  createGroup,
  createService,
  multipart,
  offerData,
  threeImages,
} from '../../test/catalog-fixtures';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../test/staff-fixtures';
import { orders } from '../db/schema/index';
import { hugePng, notAnImage, pixelBombPng } from './abusive-images';
import { snapshotState } from './state-snapshot';

/**
 * Every route that takes a picture, sent what an attacker would send: a script named like a photo,
 * a decompression bomb, a 50 MB file, a 20 000 × 20 000 PNG and a form declaring 200 MB. Each is
 * refused with a 4xx and its message, and leaves nothing behind: no row, no file, no charge (the
 * whole database and the data folder are compared before and after).
 */
type Upload = RawUpload;

const ABUSES: Array<{ name: string; file: () => Upload; status: number; text: keyof typeof ServerText }> = [
  {
    name: 'a script named photo.png',
    file: () => ({ data: notAnImage, name: 'photo.png', type: 'image/png' }),
    status: 400,
    text: 'imageInvalid',
  },
  {
    name: 'a decompression bomb (100 000 × 100 000 declared in 100 bytes)',
    file: () => ({ data: pixelBombPng(), name: 'bomb.png', type: 'image/png' }),
    status: 400,
    text: 'imageTooLarge',
  },
  {
    name: 'a 50 MB file',
    file: () => ({ data: goodPng.data, padding: 50 * 1024 * 1024, name: 'big.png', type: 'image/png' }),
    status: 413,
    text: 'fileTooLarge',
  },
  {
    name: 'a real 20 000 × 20 000 PNG',
    file: () => ({ data: giantPng, name: 'giant.png', type: 'image/png' }),
    status: 400,
    text: 'imageTooLarge',
  },
];

/** A route that takes a picture: how to send it with `file` in the part under test. */
interface UploadRoute {
  name: string;
  send: (file: Upload) => Promise<{ status: number; body: { message?: string } }>;
  /** A staff member's upload: its refusals are in the back office's Russian. */
  backOffice?: boolean;
}

/** The texts a route's refusals are worded in. */
const textsOf = (route: UploadRoute) => (route.backOffice ? AdminServerText : ServerText);

let t: TestApp;
let giantPng: Buffer;
let goodPng: Upload;
const routes: UploadRoute[] = [];

const png = async (width: number, height: number): Promise<Upload> => ({
  data: await sharp({ create: { width, height, channels: 3, background: '#996633' } })
    .png()
    .toBuffer(),
  name: 'photo.png',
  type: 'image/png',
});

beforeAll(async () => {
  // A heartbeat every second renews the staff's presence during the sends: not something they stored.
  t = await createTestApp({ PRESENCE_HEARTBEAT_SECONDS: '1' });
  giantPng = hugePng(20_000, 20_000);
  goodPng = await png(64, 48);

  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100, bonus: 0 });
  const catalog = await catalogServices(t);
  const teeth = catalog('Teeth whitening')._id;
  const faceSwap = catalog('Face swap')._id;
  const orderData = (serviceId: string) => ({
    order: { persons: [{ id: 'photo', orders: [{ id: serviceId }] }], message: '' },
  });
  const sendOrder = (serviceId: string, files: Record<string, Upload>) =>
    sendForm(customer.client, 'POST', '/api/orders/create', orderData(serviceId), files);
  routes.push(
    { name: 'order original', send: (file) => sendOrder(teeth, { original: file, draft: goodPng }) },
    { name: 'order draft', send: (file) => sendOrder(teeth, { original: goodPng, draft: file }) },
    {
      name: 'order additional photo',
      send: (file) => sendOrder(faceSwap, { original: goodPng, draft: goodPng, additional: file }),
    },
    {
      name: 'avatar',
      send: (file) =>
        sendForm(
          customer.client,
          'PATCH',
          '/api/user/change/info',
          { name: { giveName: 'Ann', familyName: 'Lee' } },
          {
            image: file,
          },
        ),
    },
  );

  const admin = await adminClient(t);
  const groupId = await createGroup(admin);
  const { serviceId } = await createService(admin, groupId);
  const option = await admin.post(
    `/api/admin/services/optional/${serviceId}`,
    multipart(offerData(), await threeImages()),
  );
  const optionId = option.body._id as string;
  const serviceUpdate = {
    ...offerData(),
    embedInCanvas: false,
    allowMessage: false,
    allowAdditionalImage: false,
    multi: false,
    multiDegree: false,
    degreeAction: [],
  };
  const images = await threeImages();
  routes.push(
    {
      name: 'new service pictures',
      backOffice: true,
      send: (file) =>
        sendForm(admin, 'POST', `/api/admin/services/list/${groupId}`, offerData(), {
          ...images,
          before: file,
        }),
    },
    {
      name: 'service picture change',
      backOffice: true,
      send: (file) =>
        sendForm(admin, 'PATCH', `/api/admin/services/list/${serviceId}`, serviceUpdate, { image: file }),
    },
    {
      name: 'new option pictures',
      backOffice: true,
      send: (file) =>
        sendForm(admin, 'POST', `/api/admin/services/optional/${serviceId}`, offerData(), {
          ...images,
          before: file,
        }),
    },
    {
      name: 'option picture change',
      backOffice: true,
      send: (file) =>
        sendForm(admin, 'PATCH', `/api/admin/services/optional/${optionId}`, offerData(), { after: file }),
    },
  );

  const { designer, moderator } = await staffAtWork(customer.client, teeth);
  routes.push(
    {
      name: "designer's result",
      backOffice: true,
      send: (file) =>
        sendForm(designer, 'POST', '/api/admin/orders/executor/completed', undefined, { image: file }),
    },
    {
      name: "moderator's marked-up picture",
      backOffice: true,
      send: (file) =>
        sendForm(
          moderator,
          'POST',
          '/api/admin/orders/review/completed/rejection',
          { message: 'Fix the left eye' },
          {
            image: file,
          },
        ),
    },
  );
}, 120_000);
afterAll(() => t.close());

/** How the next forms go out: the cap test declares a length they do not have. */
let sendOptions: RawFormOptions = {};

/** Sends a form over its own connection; the send stops once the server answers. */
function sendForm(
  client: TestClient,
  method: 'POST' | 'PATCH',
  url: string,
  data: unknown,
  files: Record<string, Upload>,
) {
  return sendRawForm(t.baseUrl, client, method, url, data, files, sendOptions);
}

/**
 * A designer holding an order in work, and a moderator reviewing another one: the states in which
 * their upload routes accept a picture at all.
 */
async function staffAtWork(customer: TestClient, serviceId: string) {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const designerSocket = await connectedSocket(t, designer!.client);
  const firstOrder = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
  designerSocket.emit(SocketEvent.executorFind, true);
  const reviewedId = await placeOrder(customer, serviceId);
  await firstOrder;
  const result = imageForm({}, { image: goodPng });
  expect((await designer!.client.post('/api/admin/orders/executor/completed', result)).status).toBe(200);

  const [moderator] = await createStaff(t, 'Moderator');
  const moderatorSocket = await connectedSocket(t, moderator!.client);
  const review = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
  moderatorSocket.emit(SocketEvent.reviewFind, true);
  expect((await review)._id).toBe(reviewedId);

  const secondOrder = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
  designerSocket.emit(SocketEvent.executorFind, true);
  await placeOrder(customer, serviceId);
  await secondOrder;
  return { designer: designer!.client, moderator: moderator!.client };
}

describe('abusive uploads', () => {
  it('sets up all ten upload routes, a designer holding an order and a moderator reviewing one', async () => {
    expect(routes).toHaveLength(10);
    const held = await t.db.select().from(orders).where(eq(orders.condition, OrderCondition.inWork));
    const reviewed = await t.db
      .select()
      .from(orders)
      .where(eq(orders.condition, OrderCondition.resultReview));
    expect(held.map((order) => order.executorId)).toEqual([expect.any(String)]);
    expect(reviewed.map((order) => order.reviewerId)).toEqual([expect.any(String)]);
  });

  for (const abuse of ABUSES) {
    it(`refuses ${abuse.name} on every upload route and keeps nothing`, async () => {
      const failures: string[] = [];
      for (const route of routes) {
        const before = await snapshotState(t.db, t.config.DATA_DIR);
        const answer = await route.send(abuse.file());
        const after = await snapshotState(t.db, t.config.DATA_DIR);
        if (answer.status !== abuse.status || answer.body.message !== textsOf(route)[abuse.text]) {
          failures.push(`${route.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(`${route.name}: something was stored`);
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }

  it('refuses a form declaring 200 MB on every upload route, unread, and keeps nothing', async () => {
    const failures: string[] = [];
    // Only the first bytes are ever sent: the answer can only come from the declared length.
    sendOptions = { declaredLength: 200 * 1024 * 1024, stallAfter: 100 };
    try {
      for (const route of routes) {
        const before = await snapshotState(t.db, t.config.DATA_DIR);
        const answer = await route.send(goodPng);
        if (answer.status !== 413 || answer.body.message !== textsOf(route).uploadTooLarge)
          failures.push(`${route.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (JSON.stringify(await snapshotState(t.db, t.config.DATA_DIR)) !== JSON.stringify(before))
          failures.push(`${route.name}: something was stored`);
      }
    } finally {
      sendOptions = {};
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it(`refuses an avatar over ${MAX_AVATAR_BYTES / 1024 / 1024} MB, which the web app's check alone did not`, async () => {
    const avatar = routes.find((route) => route.name === 'avatar')!;
    const answer = await avatar.send({ ...goodPng, padding: MAX_AVATAR_BYTES });
    expect(answer).toMatchObject({ status: 413, body: { message: ServerText.fileTooLarge } });
  });
});
