import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { dispatchWaiters, orderOutbox, orders } from '../db/schema/index';
import { findLedgerMismatches } from '../modules/ledger/ledger.repository';
import type { TestClient } from '../../test/test-app';
import { collectEvents, placeOrder } from '../../test/staff-fixtures';
import {
  createDeployment,
  deploymentServicesReachable,
  type Deployment,
  type Instance,
} from '../../test/scaled-deployment';

/**
 * Matching at the commit (issue 20) on two instances over one PostgreSQL and one Redis: each instance
 * matches the orders it commits at once, both at the same time, with no sweeper to make up for a miss.
 */
const available = await deploymentServicesReachable();

let deployment: Deployment;
let a: Instance;
let b: Instance;

/** A designer on duty with a socket on `instance`, searching, and what they are offered. */
async function searchingDesignerOn(instance: Instance, name: string) {
  const { userId, socket } = await deployment.designerOn(instance, name);
  const offered = collectEvents<StaffOrder>(socket, SocketEvent.orderForExecutor);
  socket.emit(SocketEvent.executorFind, true);
  return { userId, socket, offered };
}

describe.skipIf(!available)('matching at the commit on two instances', () => {
  let customer: TestClient;
  let teethId: string;

  beforeAll(async () => {
    // No sweeper: every match here is made by the instance that committed the order.
    deployment = await createDeployment({
      DISPATCH_SWEEP_INTERVAL_MS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '100',
      ORDER_RATE_LIMIT_PER_MINUTE: '100',
    });
    [a, b] = (await deployment.startAll('A', 'B')) as [Instance, Instance];
    customer = await deployment.logIn(a, 'customer@retouch.local');
    await deployment.fundCustomer(500);
    const groups = (await customer.get('/api/services')).body as Array<{
      list: Array<{ _id: string; title: { user: string } }>;
    }>;
    teethId = groups.flatMap((group) => group.list).find((s) => s.title.user === 'Teeth whitening')!._id;
  }, 240_000);

  afterAll(async () => {
    await deployment?.dispose(async (database) => {
      expect(await findLedgerMismatches(database.db)).toEqual([]);
    });
  }, 60_000);

  it('offers each order sent through either instance to one designer, once, whichever instance they are on', async () => {
    const designers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => searchingDesignerOn(i % 2 === 0 ? a : b, `matched-${i}`)),
    );
    const designerIds = designers.map((designer) => designer.userId);
    await expect
      .poll(async () =>
        deployment.db.select().from(dispatchWaiters).where(inArray(dispatchWaiters.userId, designerIds)),
      )
      .toHaveLength(8);

    // Eight sends at once, half through each instance: both match at the same time.
    const orderIds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => placeOrder(customer.on((i % 2 === 0 ? a : b).url), teethId)),
    );

    await expect
      .poll(() => designers.flatMap((designer) => designer.offered), { timeout: 20_000 })
      .toHaveLength(8);
    await expect.poll(() => deployment.db.select().from(orderOutbox)).toEqual([]);
    for (const designer of designers) expect(designer.offered).toHaveLength(1);
    const offers = designers.map((designer) => ({
      orderId: designer.offered[0]!._id,
      userId: designer.userId,
    }));
    expect(new Set(offers.map((offer) => offer.orderId))).toEqual(new Set(orderIds));
    const rows = await deployment.db.select().from(orders).where(inArray(orders.id, orderIds));
    for (const offer of offers) {
      expect(rows.find((row) => row.id === offer.orderId)).toMatchObject({
        condition: OrderCondition.inWork,
        executorId: offer.userId,
      });
    }
    for (const designer of designers) designer.socket.emit(SocketEvent.executorFind, false);
  }, 90_000);
});
