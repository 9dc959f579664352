import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DispatchText, type StaffOrder } from '@retouch/shared/dispatch';
import type { PublicService } from '@retouch/shared/catalog';
import { AdminOrderEntryText } from '@retouch/shared/order-entries';
import { SocketEvent } from '@retouch/shared/realtime';
import { orderItems, orderPersons, orders, serviceGroups } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import {
  adminClient,
  createGroup,
  createService,
  multipart,
  offerData,
} from '../../../test/catalog-fixtures';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';

let t: TestApp;
let service: (title: string) => PublicService;

beforeAll(async () => {
  t = await createTestApp();
  service = await catalogServices(t);
});
afterAll(() => t.close());

const CHANGE = '/api/admin/orders/executor/change/order';

/** A designer on duty holding a fresh one-service order of the base photo. */
async function designerHolding(serviceTitle = 'Teeth whitening') {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const socket = await connectedSocket(t, designer!.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
  socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  const orderId = await placeOrder(customer.client, service(serviceTitle)._id);
  const order = await received;
  expect(order._id).toBe(orderId);
  socket.disconnect();
  return { designer: designer!, orderId, order, customer };
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function itemsOf(orderId: string) {
  return t.db
    .select({ serviceId: orderItems.serviceId, active: orderItems.active, edited: orderItems.edited })
    .from(orderItems)
    .innerJoin(orderPersons, eq(orderPersons.id, orderItems.personId))
    .where(eq(orderPersons.orderId, orderId));
}

const body = (orders: Array<Record<string, unknown>>) => ({ persons: [{ id: 'photo', orders }] });
const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  isOptional: false,
  status: true,
  degreeAction: [],
  ...extra,
});

describe('designer edits follow the entry rules of a new order', () => {
  it('45 copies of a single-use service are refused and the pay stays as it was', async () => {
    const { designer, orderId } = await designerHolding();
    const teeth = service('Teeth whitening');
    const before = await orderRow(orderId);
    const copies = Array.from({ length: 46 }, () => entry(teeth._id));

    const answer = await designer.client.patch(CHANGE, body(copies));

    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AdminOrderEntryText.serviceRepeated);
    const after = await orderRow(orderId);
    expect(after.costForExecutor).toBe(before.costForExecutor);
    expect(after.cost).toBe(before.cost);
    expect(await itemsOf(orderId)).toEqual([{ serviceId: teeth._id, active: true, edited: false }]);
  });

  it('a multi service may be added again; the pay is the sum of the active services', async () => {
    const { designer, orderId, order } = await designerHolding('Tattoo removal');
    const tattoo = service('Tattoo removal');
    const teeth = service('Teeth whitening');

    const answer = await designer.client.patch(
      CHANGE,
      body([entry(tattoo._id), entry(tattoo._id), entry(teeth._id)]),
    );

    expect(answer.status).toBe(200);
    const row = await orderRow(orderId);
    expect(row.costForExecutor).toBe(order.finance.costForExecutor * 2 + 1);
    expect(row.cost).toBe(order.cost);
  });

  it('switching a copy back on counts as choosing it again', async () => {
    const { designer, orderId } = await designerHolding();
    const teeth = service('Teeth whitening');
    const off = await designer.client.patch(CHANGE, body([entry(teeth._id, { status: false })]));
    expect(off.status).toBe(200);
    const added = await designer.client.patch(
      CHANGE,
      body([entry(teeth._id, { status: false }), entry(teeth._id)]),
    );
    expect(added.status).toBe(200);

    const both = await designer.client.patch(CHANGE, body([entry(teeth._id), entry(teeth._id)]));

    expect(both.status).toBe(400);
    expect(both.body.message).toBe(AdminOrderEntryText.serviceRepeated);
    expect((await orderRow(orderId)).costForExecutor).toBe(1);
  });

  it('a service of a switched-off group cannot be added, as it cannot be ordered', async () => {
    const { designer, orderId } = await designerHolding();
    const admin = await adminClient(t);
    const groupId = await createGroup(admin, 'Hidden');
    const { serviceId } = await createService(admin, groupId, { designerPrice: 50 });
    await t.db.update(serviceGroups).set({ status: false }).where(eq(serviceGroups.id, groupId));
    const teeth = service('Teeth whitening');

    const answer = await designer.client.patch(CHANGE, body([entry(teeth._id), entry(serviceId)]));

    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(DispatchText.cannotAddService);
    expect((await orderRow(orderId)).costForExecutor).toBe(1);
  });
});

describe("the customer's history follows the designer's edits", () => {
  /** The base photo's entries as the customer's history of the order shows them. */
  async function historyEntries(customer: TestClient, orderId: string) {
    const one = await customer.get(`/api/orders/order/${orderId}`);
    const [page] = (await customer.get('/api/orders/user/')).body.orders as Array<typeof one.body>;
    expect(page).toEqual(one.body);
    type Entry = { _id: string; title: { user: string }; active: boolean; edited: boolean };
    return (one.body.persons as Array<{ id: string; orders: Entry[] }>)[0]!.orders.map(
      ({ _id, title, active, edited }) => ({ _id, title: title.user, active, edited }),
    );
  }

  it('a service switched off and one added show in the history as the designer left them', async () => {
    const { designer, orderId, customer } = await designerHolding();
    const teeth = service('Teeth whitening');
    const tattoo = service('Tattoo removal');

    const answer = await designer.client.patch(
      CHANGE,
      body([entry(teeth._id, { status: false }), entry(tattoo._id)]),
    );

    expect(answer.status).toBe(200);
    expect(await historyEntries(customer.client, orderId)).toEqual([
      { _id: teeth._id, title: teeth.title.user, active: false, edited: true },
      { _id: tattoo._id, title: tattoo.title.user, active: true, edited: true },
    ]);
  });

  it('keeps the services as they were ordered when the catalogue renames one (decision 33)', async () => {
    const admin = await adminClient(t);
    const groupId = await createGroup(admin, 'Renamed later');
    const { serviceId } = await createService(admin, groupId, {
      title: { admin: 'Ретушь до', user: 'Retouch before' },
    });
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, serviceId);

    const renamed = await admin.patch(
      `/api/admin/services/list/${serviceId}`,
      multipart(offerData({ title: { admin: 'Ретушь после', user: 'Retouch after' } })),
    );

    expect(renamed.status).toBe(200);
    expect(await historyEntries(customer.client, orderId)).toEqual([
      { _id: serviceId, title: 'Retouch before', active: true, edited: false },
    ]);
  });
});
