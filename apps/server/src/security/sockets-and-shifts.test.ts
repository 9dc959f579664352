import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DispatchText } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { ALL_PERMISSION_SIGNS, PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import type { PermissionSignValue } from '@retouch/shared/permissions';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { ServerText } from '@retouch/shared/texts';
import { dispatchWaiters, orders, shifts } from '../db/schema/index';
import { adjustBalance, logIn, signUpCustomer } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { TEST_ADMIN } from '../../test/test-config';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../test/staff-fixtures';

const switches = (on: readonly PermissionSignValue[]) =>
  ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.includes(sign) }));

/** Issue 16, item 8: shifts are the designers', queue sizes the staff's, and ended sessions lose their sockets. */
describe('shifts, queue sizes and the sockets of ended sessions', () => {
  let t: TestApp;
  let admin: TestClient;

  const overloaded = async () => (await t.client().get('/api/system/order/overload')).body.status as boolean;

  beforeAll(async () => {
    t = await createTestApp();
    // Nothing of the seeded demo data waits, and nobody is on duty.
    await t.db
      .update(orders)
      .set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
    await t.db.delete(dispatchWaiters);
    await t.db.update(shifts).set({ endedAt: t.clock.now() });
    admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    // One order waits: with no designer on duty, work is said to be delayed.
    const { client, user } = await signUpCustomer(t);
    await adjustBalance(t, user._id, { main: 1000, bonus: 0 });
    await placeOrder(client, (await catalogServices(t))('Teeth whitening')._id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a shift to a customer, so that their order still shows the overload notice', async () => {
    const { client } = await signUpCustomer(t);
    expect(await overloaded()).toBe(true);

    const toggled = await client.post('/api/executor/shift/toggle');
    expect(toggled.status).toBe(403);
    expect(toggled.body.message).toBe(DispatchText.shiftNeedsBackOffice);
    expect((await client.get('/api/executor/shift')).status).toBe(404);
    expect(await overloaded()).toBe(true);
  });

  // Back office section 4: "The header shift button may be used by anyone"; the overload counts designers.
  it('starts a shift for anyone in the back office, and counts only designers on shift against the waiting orders', async () => {
    const [designer] = await createStaff(t, RoleTitle.designer);
    expect((await designer!.client.post('/api/executor/shift/toggle')).body.startDate).toEqual(
      expect.any(String),
    );
    expect(await overloaded()).toBe(false);

    // Without the designer's cabinet the open shift stops counting, and can still be closed and opened.
    await admin.patch(`/api/admin/permissions/custom/user/${designer!.userId}`, {
      permissions: switches([PermissionSign.showAdmin]),
    });
    expect(await overloaded()).toBe(true);
    const ended = await designer!.client.post('/api/executor/shift/toggle');
    expect(ended).toMatchObject({ status: 200, body: { startDate: null } });
    const again = await designer!.client.post('/api/executor/shift/toggle');
    expect(again).toMatchObject({ status: 200, body: { startDate: expect.any(String) } });
    expect((await designer!.client.get('/api/executor/shift')).body.startDate).toBe(again.body.startDate);
    expect(await overloaded()).toBe(true);
  });

  it("answers a customer's socket asking for the queue sizes with a refusal, never a size", async () => {
    const { client } = await signUpCustomer(t);
    const socket = await connectedSocket(t, client);
    const executorSizes = collectEvents(socket, SocketEvent.executorRate);
    const reviewSizes = collectEvents(socket, SocketEvent.reviewRate);
    for (const event of [SocketEvent.executorRate, SocketEvent.reviewRate] as const) {
      const refused = nextEvent(socket, SocketEvent.errors);
      socket.emit(event);
      expect(await refused).toEqual({ status: 403, message: ServerText.forbidden });
    }
    expect([...executorSizes, ...reviewSizes]).toEqual([]);

    const [moderator] = await createStaff(t, RoleTitle.moderator);
    const staffSocket = await connectedSocket(t, moderator!.client);
    for (const event of [SocketEvent.executorRate, SocketEvent.reviewRate] as const) {
      const size = nextEvent<{ size: number }>(staffSocket, event);
      staffSocket.emit(event);
      expect(await size).toEqual({ size: expect.any(Number) });
    }
  });

  it("disconnects the sockets of the sessions a password change ended, and keeps the changer's own", async () => {
    const { client: changer, credentials } = await signUpCustomer(t);
    const others = [
      await logIn(t, credentials.email, credentials.password),
      await logIn(t, credentials.email, credentials.password),
    ];
    const ownSocket = await connectedSocket(t, changer);
    const otherSockets = await Promise.all(others.map((other) => connectedSocket(t, other)));
    const [first] = otherSockets;
    const userId = (await changer.get('/api/user/info')).body._id as string;

    const dropped = otherSockets.map((socket) => nextEvent(socket, 'disconnect'));
    const told = nextEvent(first!, SocketEvent.errors);
    const changed = await changer.patch('/api/user/change/password', {
      oldPassword: credentials.password,
      password: 'a-brand-new-password',
    });
    expect(changed.status).toBe(200);
    expect(await told).toEqual({ status: 401, message: ServerText.notAuthenticated });
    await Promise.all(dropped);

    const left = await t.app.io.in(SocketRoom.user(userId)).fetchSockets();
    expect(left.map((socket) => socket.id)).toEqual([ownSocket.id]);
    expect(ownSocket.connected).toBe(true);
  });
});
