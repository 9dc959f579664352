import { afterAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { TimeExtensionCode, type StaffOrder, type TimeExtension } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { SOCKET_PATH } from '@retouch/shared/constants';
import { buildApp } from '../../app';
import { orders } from '../../db/schema/index';
import type { OrderWork } from '../work-queue/order-work';
import { createTestApp } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';

const t = await createTestApp();
afterAll(() => t.close());

it('survives a restart: the designer gets the order back with its time, and the deadline still fires', async () => {
  const teeth = (await catalogServices(t))('Teeth whitening');
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const socket = await connectedSocket(t, designer!.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
  socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  const orderId = await placeOrder(customer.client, teeth._id);
  const first = await received;
  expect(first._id).toBe(orderId);

  // The first instance stops mid-attempt; a new one starts on the same database.
  socket.disconnect();
  await t.app.close();
  t.clock.advance(5 * 60_000);
  let restartedWork: OrderWork | undefined;
  const restarted = await buildApp(t.config, {
    database: t.database,
    clock: t.clock,
    orderWork: (work) => (restartedWork = work),
  });
  await restarted.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = restarted.server.address() as { port: number };
    const back = io(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: designer!.client.cookieHeader! },
    });
    const again = await nextEvent<StaffOrder>(back, SocketEvent.orderForExecutor);
    expect(again._id).toBe(orderId);
    // The attempt's start is kept, so the countdown shows the time really left.
    expect(again.dateStart).toBe(first.dateStart);

    const messages = collectEvents<TimeExtension>(back, SocketEvent.timeExtension);
    t.clock.advance((10 + teeth.executionTime) * 60_000);
    await restartedWork!.sweep();
    await expect.poll(() => messages.map((m) => m.code)).toEqual([TimeExtensionCode.expired]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    back.disconnect();
  } finally {
    await restarted.close();
  }
});
