import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { ALL_PERMISSION_SIGNS, PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import type { PermissionSignValue } from '@retouch/shared/permissions';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { dispatchWaiters, orderProcessing, orders, shifts } from '../db/schema/index';
import { storageKeyFromPath } from '../storage/storage';
import { adjustBalance, imageForm, logIn, signUpCustomer } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { TEST_ADMIN } from '../../test/test-config';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../test/staff-fixtures';

const switches = (on: readonly PermissionSignValue[]) =>
  ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.includes(sign) }));

/** Issue 16, item 5: customer photos reach only the people who work on the order and the order viewers. */
describe("who may see a customer's photos", () => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let teeth: string;
  /** The designer who did the order. */
  let holder: StaffMember;
  /** A designer who never touched it and has no lookOrders. */
  let outsider: StaffMember;
  let moderator: StaffMember;
  /** A staff member whose own switches give showAdmin and lookOrders only. */
  let viewer: StaffMember;
  let orderId: string;
  let pictures: Record<'original' | 'thumbnail' | 'draft' | 'result', string>;

  async function grant(member: StaffMember, signs: readonly PermissionSignValue[]) {
    const answer = await admin.patch(`/api/admin/permissions/custom/user/${member.userId}`, {
      permissions: switches(signs),
    });
    expect(answer.status).toBe(200);
  }

  const read = (viewerClient: TestClient, picture: string) =>
    fetch(`${t.baseUrl}${picture}`, { headers: { cookie: viewerClient.cookieHeader! } });

  /** Whether the socket sits in the lookOrders room on the server (rooms change without a reconnect). */
  async function inLookOrdersRoom(socket: Socket) {
    const members = await t.app.io.in(SocketRoom.lookOrders).fetchSockets();
    return members.some((member) => member.id === socket.id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Orders of the seeded demo data stay out of the queues.
    await t.db
      .update(orders)
      .set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
    await t.db.delete(dispatchWaiters);
    await t.db.update(shifts).set({ endedAt: t.clock.now() });

    admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    teeth = (await catalogServices(t))('Teeth whitening')._id;
    [holder, outsider] = (await createStaff(t, RoleTitle.designer, 2)) as [StaffMember, StaffMember];
    [moderator] = (await createStaff(t, RoleTitle.moderator)) as [StaffMember];
    [viewer] = (await createStaff(t, RoleTitle.designer)) as [StaffMember];
    await grant(viewer, [PermissionSign.showAdmin, PermissionSign.lookOrders]);
    const customer = await signUpCustomer(t);
    owner = customer.client;
    await adjustBalance(t, customer.user._id, { main: 1000, bonus: 0 });

    // The holder takes the order and sends a result: from then on the order is in review.
    expect((await holder.client.post('/api/executor/shift/toggle')).status).toBe(200);
    const holderSocket = await connectedSocket(t, holder.client);
    const offered = nextEvent<StaffOrder>(holderSocket, SocketEvent.orderForExecutor);
    holderSocket.emit(SocketEvent.executorFind, true);
    orderId = await placeOrder(owner, teeth);
    expect((await offered)._id).toBe(orderId);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#33aa55' } })
      .png()
      .toBuffer();
    const result = imageForm({}, { image: { data: png, name: 'r.png', type: 'image/png' } });
    expect((await holder.client.post('/api/admin/orders/executor/completed', result)).status).toBe(200);
    holderSocket.emit(SocketEvent.executorFind, false);

    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [step] = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
    expect(row!.executorId).toBeNull();
    pictures = {
      original: row!.original,
      thumbnail: row!.originalThumb,
      draft: row!.draft,
      result: step!.resultPicture!,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hides every picture of an order from a designer who never worked on it: 404, as if it did not exist', async () => {
    for (const picture of Object.values(pictures)) {
      expect((await read(outsider.client, picture)).status, picture).toBe(404);
    }
  });

  it('shows them to the customer, the designer who held the order, moderators and lookOrders holders', async () => {
    for (const picture of Object.values(pictures)) {
      for (const member of [owner, holder.client, moderator.client, viewer.client, admin]) {
        const answer = await read(member, picture);
        expect(answer.status, picture).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      }
    }
  });

  it("names the order's pictures with a random part, so that no name can be guessed", () => {
    for (const name of ['original', 'original-thumb', 'draft']) {
      const picture = Object.values(pictures).find((path) => path.includes(`/${name}-`));
      expect(picture, name).toMatch(
        new RegExp(`^/api/files/orders/${orderId}/${name}-[0-9a-f]{8}-[0-9a-f-]{27}\\.[a-z]+$`),
      );
    }
  });

  it('still serves pictures stored under the old predictable names, to the same people', async () => {
    const legacy = `/api/files/orders/${orderId}/original.png`;
    const data = await t.app.storage.read(storageKeyFromPath(pictures.original)!);
    expect(data).toBeDefined();
    await t.app.storage.put(storageKeyFromPath(legacy)!, await streamToBuffer(data!.stream), 'image/png');
    expect((await read(owner, legacy)).status).toBe(200);
    expect((await read(holder.client, legacy)).status).toBe(200);
    expect((await read(outsider.client, legacy)).status).toBe(404);
  });

  it('keeps mark-ups stored outside the order folder from designers who did not do that order', async () => {
    const legacy = `/api/files/orders/review-${crypto.randomUUID()}.png`;
    await t.app.storage.put(
      storageKeyFromPath(legacy)!,
      await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#0000ff' },
      })
        .png()
        .toBuffer(),
      'image/png',
    );
    await t.db
      .update(orderProcessing)
      .set({ reviewPicture: legacy })
      .where(eq(orderProcessing.orderId, orderId));
    expect((await read(moderator.client, legacy)).status).toBe(200);
    expect((await read(holder.client, legacy)).status).toBe(200);
    expect((await read(outsider.client, legacy)).status).toBe(404);
    expect((await read(owner, legacy)).status).toBe(404);
  });

  it('tells only lookOrders holders about a new order, and a designer granted lookOrders hears at once', async () => {
    const viewerSocket = await connectedSocket(t, viewer.client);
    const outsiderSocket = await connectedSocket(t, outsider.client);
    const overheard = collectEvents(outsiderSocket, SocketEvent.newOrder);

    const told = nextEvent<{ orderId: string }>(viewerSocket, SocketEvent.newOrder);
    const placed = await placeOrder(owner, teeth);
    expect((await told).orderId).toBe(placed);
    // A reply on the outsider's own connection comes after anything sent to it before.
    const rate = nextEvent(outsiderSocket, SocketEvent.executorRate);
    outsiderSocket.emit(SocketEvent.executorRate);
    await rate;
    expect(overheard).toEqual([]);

    await grant(outsider, [
      PermissionSign.showAdmin,
      PermissionSign.cabinetDesigner,
      PermissionSign.lookOrders,
    ]);
    await expect.poll(() => inLookOrdersRoom(outsiderSocket)).toBe(true);
    const heard = nextEvent<{ orderId: string }>(outsiderSocket, SocketEvent.newOrder);
    const next = await placeOrder(owner, teeth);
    expect((await heard).orderId).toBe(next);

    await grant(viewer, [PermissionSign.showAdmin]);
    await expect.poll(() => inLookOrdersRoom(viewerSocket)).toBe(false);
  });

  // Customer side section 7: the customer's socket receives 'new order'; others' orders stay lookOrders'.
  it('tells the customer of their own new order, and another customer of none', async () => {
    const ownerSocket = await connectedSocket(t, owner);
    const stranger = await signUpCustomer(t);
    const strangerSocket = await connectedSocket(t, stranger.client);
    const overheard = collectEvents(strangerSocket, SocketEvent.newOrder);

    const told = nextEvent<{ orderId: string }>(ownerSocket, SocketEvent.newOrder);
    const placed = await placeOrder(owner, teeth);
    expect(await told).toEqual({ orderId: placed });
    // A reply on the stranger's own connection comes after anything sent to it before.
    const refused = nextEvent(strangerSocket, SocketEvent.errors);
    strangerSocket.emit(SocketEvent.executorRate);
    await refused;
    expect(overheard).toEqual([]);
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
