import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuditAction, AuditTarget, type AuditEntry } from '@retouch/shared/audit';
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

/** A designer on duty holding a fresh one-service order of the base photo (a title or a service id). */
async function designerHolding(serviceTitle = 'Teeth whitening', serviceId = service(serviceTitle)._id) {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const socket = await connectedSocket(t, designer!.client);
  const received = nextEvent<StaffOrder>(socket, SocketEvent.orderForExecutor);
  socket.emit(SocketEvent.executorFind, true);
  const customer = await signUpCustomer(t);
  const orderId = await placeOrder(customer.client, serviceId);
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

  it('a multi service may be added again by the rules, but not to raise the pay', async () => {
    const { designer, orderId, order } = await designerHolding('Tattoo removal');
    const tattoo = service('Tattoo removal');
    const teeth = service('Teeth whitening');

    const answer = await designer.client.patch(
      CHANGE,
      body([entry(tattoo._id), entry(tattoo._id), entry(teeth._id)]),
    );

    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(DispatchText.payAboveCharge);
    const row = await orderRow(orderId);
    expect(row.costForExecutor).toBe(order.finance.costForExecutor);
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

describe('designer edits never raise the pay above the order as the customer paid for it (decision 47)', () => {
  /** The order's entries in the audit log, as the back office reads them. */
  async function auditOf(orderId: string) {
    const admin = await adminClient(t);
    const page = await admin.get(`/api/admin/audit?targetType=${AuditTarget.order}&targetId=${orderId}`);
    expect(page.status).toBe(200);
    return page.body.entries as AuditEntry[];
  }

  it('adding other services to a 2-token order is refused: the pay stays 1, nothing is written', async () => {
    const { designer, orderId } = await designerHolding();
    const teeth = service('Teeth whitening');
    const extras = ['Tattoo removal', 'Face swap'].map((title) => entry(service(title)._id));

    const answer = await designer.client.patch(CHANGE, body([entry(teeth._id), ...extras]));

    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(DispatchText.payAboveCharge);
    const row = await orderRow(orderId);
    expect({ cost: row.cost, pay: row.costForExecutor }).toEqual({ cost: 2, pay: 1 });
    expect(await itemsOf(orderId)).toEqual([{ serviceId: teeth._id, active: true, edited: false }]);
    expect(await auditOf(orderId)).toEqual([]);
  });

  it('a pay lowered may come back up to the pay as charged, never above it', async () => {
    const { designer, orderId } = await designerHolding('Tattoo removal');
    const tattoo = service('Tattoo removal');
    const teeth = service('Teeth whitening');

    const lowered = await designer.client.patch(
      CHANGE,
      body([entry(tattoo._id, { status: false }), entry(teeth._id)]),
    );
    expect(lowered.status).toBe(200);
    expect((await orderRow(orderId)).costForExecutor).toBe(1);
    const restored = await designer.client.patch(
      CHANGE,
      body([entry(tattoo._id), entry(teeth._id, { status: false })]),
    );
    expect(restored.status).toBe(200);
    expect((await orderRow(orderId)).costForExecutor).toBe(2);

    const raised = await designer.client.patch(CHANGE, body([entry(tattoo._id), entry(teeth._id)]));

    expect(raised.status).toBe(409);
    expect((await orderRow(orderId)).costForExecutor).toBe(2);
  });

  it("the pay never exceeds the customer's charge, even where the catalogue paid more", async () => {
    const admin = await adminClient(t);
    const groupId = await createGroup(admin, 'Overpaid');
    const { serviceId } = await createService(admin, groupId, { cost: 2, designerPrice: 5 });
    const { designer, orderId } = await designerHolding(undefined, serviceId);
    const teeth = service('Teeth whitening');

    const kept = await designer.client.patch(CHANGE, body([entry(serviceId), entry(teeth._id)]));
    expect(kept.status).toBe(409);
    const lowered = await designer.client.patch(
      CHANGE,
      body([entry(serviceId, { status: false }), entry(teeth._id)]),
    );

    expect(lowered.status).toBe(200);
    const row = await orderRow(orderId);
    expect({ cost: row.cost, pay: row.costForExecutor }).toEqual({ cost: 2, pay: 1 });
  });

  it('an accepted edit is audited with the designer, the order, the services and the pay before and after', async () => {
    const { designer, orderId } = await designerHolding('Tattoo removal');
    const tattoo = service('Tattoo removal');
    const teeth = service('Teeth whitening');

    const answer = await designer.client.patch(
      CHANGE,
      body([entry(tattoo._id, { status: false }), entry(teeth._id)]),
    );

    expect(answer.status).toBe(200);
    expect(await auditOf(orderId)).toMatchObject([
      {
        actor: { _id: designer.userId },
        action: AuditAction.services,
        target: { type: AuditTarget.order, _id: orderId },
        before: {
          pay: 2,
          persons: [{ id: 'photo', services: [{ serviceId: tattoo._id, active: true }] }],
        },
        after: {
          pay: 1,
          persons: [
            {
              id: 'photo',
              services: [
                { serviceId: tattoo._id, active: false },
                { serviceId: teeth._id, active: true, designerPrice: 1 },
              ],
            },
          ],
        },
      },
    ]);
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
    const { designer, orderId, customer } = await designerHolding('Tattoo removal');
    const tattoo = service('Tattoo removal');
    const teeth = service('Teeth whitening');

    const answer = await designer.client.patch(
      CHANGE,
      body([entry(tattoo._id, { status: false }), entry(teeth._id)]),
    );

    expect(answer.status).toBe(200);
    expect(await historyEntries(customer.client, orderId)).toEqual([
      { _id: tattoo._id, title: tattoo.title.user, active: false, edited: true },
      { _id: teeth._id, title: teeth.title.user, active: true, edited: true },
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
