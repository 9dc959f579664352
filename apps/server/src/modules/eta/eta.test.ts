import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { dispatchWaiters, orders, shifts } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { logIn, signUpCustomer } from '../../../test/fixtures';
import { TEST_ADMIN } from '../../../test/test-config';
import { insertRole } from '../permissions/permissions.repository';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';

let t: TestApp;
let teeth: { _id: string; executionTime: number };

beforeAll(async () => {
  t = await createTestApp();
  teeth = (await catalogServices(t))('Teeth whitening');
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null });
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

const MINUTE = 60_000;
const minutesFromNow = (iso: string) => (new Date(iso).getTime() - t.clock.now().getTime()) / MINUTE;

async function etaOf(client: ReturnType<TestApp['client']>, orderId: string): Promise<string | null> {
  const answer = await client.get(`/api/orders/order/${orderId}`);
  expect(answer.status).toBe(200);
  return answer.body.eta;
}

describe('the estimate of when a result comes', () => {
  it('follows the queue: the held order first, the next one after it, none once no designer is on shift', async () => {
    const [designer] = await createStaff(t);
    await designer!.client.post('/api/executor/shift/toggle');
    const socket = await connectedSocket(t, designer!.client);
    const offered = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
    socket.emit(SocketEvent.executorFind, true);
    const customer = await signUpCustomer(t);
    const first = await placeOrder(customer.client, teeth._id);
    expect((await offered)._id).toBe(first);
    const second = await placeOrder(customer.client, teeth._id);

    // Nothing learned yet: the plan as it is (10 + the service's minutes), then 5 minutes of review.
    const planned = 10 + teeth.executionTime;
    expect(minutesFromNow((await etaOf(customer.client, first))!)).toBeCloseTo(planned + 5, 0);
    expect(minutesFromNow((await etaOf(customer.client, second))!)).toBeCloseTo(2 * planned + 5, 0);
    const history = await customer.client.get('/api/orders/user/?limit=10');
    expect(history.body.orders.map((order: { eta: string | null }) => order.eta !== null)).toEqual([
      true,
      true,
    ]);

    // Before sending: behind the one waiting.
    const before = await t.client().get(`/api/system/order/eta?minutes=${planned}&services=${teeth._id}`);
    expect(before.status).toBe(200);
    expect(minutesFromNow(before.body.eta)).toBeCloseTo(3 * planned + 5, 0);

    // The designer's shift ends: the held order goes back to the queue (issue 21), and with nobody on
    // shift neither order has an estimate.
    await designer!.client.post('/api/executor/shift/toggle');
    await expect.poll(async () => etaOf(customer.client, second)).toBeNull();
    expect(await etaOf(customer.client, first)).toBeNull();
    const none = await t.client().get(`/api/system/order/eta?minutes=${planned}`);
    expect(none.body).toEqual({ eta: null });
  });

  it('has none while only staff without the designer cabinet are on shift (anyone in the back office may open one)', async () => {
    await insertRole(t.db, 'Только админка', [PermissionSign.showAdmin], false);
    const [clerk] = await createStaff(t, 'Только админка');
    const shift = await clerk!.client.post('/api/executor/shift/toggle');
    expect(shift.body.startDate).toEqual(expect.any(String));
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, teeth._id);
    expect(await etaOf(customer.client, orderId)).toBeNull();
  });

  it('tells visitors and customers when, never the queue size or the designers on shift: staff read those', async () => {
    const [designer] = await createStaff(t);
    await designer!.client.post('/api/executor/shift/toggle');
    const customer = await signUpCustomer(t);
    await placeOrder(customer.client, teeth._id);

    for (const client of [t.client(), customer.client]) {
      const answer = await client.get(`/api/system/order/eta?minutes=20&services=${teeth._id}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['eta']);
    }
    // The back office's dashboard (lookOrders) has both figures.
    const admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const dashboard = await admin.get('/api/admin/dashboard');
    expect(dashboard.body).toMatchObject({ waiting: { designer: 1 }, onDuty: { designers: 1 } });
    expect((await customer.client.get('/api/admin/dashboard')).status).toBe(403);
  });

  it('has none for a finished order', async () => {
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, teeth._id);
    for (const condition of [OrderCondition.done, OrderCondition.refused, OrderCondition.cancelled]) {
      await t.db.update(orders).set({ condition }).where(eq(orders.id, orderId));
      expect(await etaOf(customer.client, orderId)).toBeNull();
    }
  });

  it('refuses a query without the planned minutes', async () => {
    expect((await t.client().get('/api/system/order/eta')).status).toBe(400);
    expect((await t.client().get('/api/system/order/eta?minutes=0')).status).toBe(400);
  });
});
