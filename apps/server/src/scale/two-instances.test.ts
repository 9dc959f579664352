import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExecutorResult,
  TimeExtensionCode,
  type StaffOrder,
  type TimeExtension,
} from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { orderProcessing, orders, users } from '../db/schema/index';
import { findLedgerMismatches } from '../modules/ledger/ledger.repository';
import { TestClient } from '../../test/test-app';
import { imageForm } from '../../test/fixtures';
import { pngOf } from '../../test/catalog-fixtures';
import { collectEvents, nextEvent, placeOrder } from '../../test/staff-fixtures';
import {
  createDeployment,
  deploymentServicesReachable,
  type Deployment,
  type Instance,
} from '../../test/scaled-deployment';

/**
 * Two real server processes on different ports over one PostgreSQL database and one Redis, as a
 * scaled-out deployment runs: work started on one instance is seen live by people connected to the other.
 */
const AUTH_LIMIT = 12;

const available = await deploymentServicesReachable();

let deployment: Deployment;
let a: Instance;
let b: Instance;

const socketOn = (instance: Instance, client: TestClient): Promise<Socket> =>
  deployment.socketOn(instance, client);

/** Lets time pass on every instance: each runs its own (movable, test-hooks) clock. */
async function advanceClocks(client: TestClient, ms: number): Promise<void> {
  for (const instance of [a, b]) {
    const answer = await client.on(instance.url).post('/api/test/clock/advance', { ms });
    expect(answer.status).toBe(200);
  }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!available)('two instances over one PostgreSQL and one Redis', () => {
  let customer: TestClient;
  let designer: TestClient;
  let moderator: TestClient;
  let admin: TestClient;
  let teeth: { _id: string; executionTime: number };

  beforeAll(async () => {
    deployment = await createDeployment({
      DISPATCH_SWEEP_INTERVAL_MS: '200',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      // Kept far longer than the run: only the announcement of a change can make B forget it.
      ACCESS_CACHE_SECONDS: '3600',
    });
    [a, b] = (await deployment.startAll('A', 'B')) as [Instance, Instance];
    const logIn = deployment.logIn;
    customer = await logIn(a, 'customer@retouch.local');
    designer = await logIn(a, 'designer@retouch.local');
    moderator = await logIn(b, 'moderator@retouch.local');
    admin = await logIn(a, 'admin@retouch.local');
    await deployment.fundCustomer(500);
    const groups = (await customer.get('/api/services')).body as Array<{
      list: Array<{ _id: string; executionTime: number; title: { user: string } }>;
    }>;
    teeth = groups
      .flatMap((group) => group.list)
      .find((service) => service.title.user === 'Teeth whitening')!;
  }, 240_000);

  afterAll(async () => {
    await deployment?.dispose(async (database) => {
      expect(await findLedgerMismatches(database.db)).toEqual([]);
    });
  }, 60_000);

  it('seeds once although both instances started together', async () => {
    const admins = await deployment.db.select().from(users).where(eq(users.email, 'admin@retouch.local'));
    expect(admins).toHaveLength(1);
  });

  it('reports both instances ready, Redis included', async () => {
    for (const instance of [a, b]) {
      const answer = await fetch(`${instance.url}/readyz`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ checks: { database: 'ok', redis: 'ok' } });
    }
  });

  it('shares the login rate limit between the instances', async () => {
    // Four logins have been counted already; the rest of the minute's allowance is spread over A and B.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_LIMIT; attempt += 1) {
      const instance = attempt % 2 === 0 ? b : a;
      const answer = await new TestClient(instance.url).post('/api/login', {
        email: 'customer@retouch.local',
        password: 'wrong-password',
      });
      statuses.push(answer.status);
    }
    const allowed = statuses.filter((status) => status !== 429).length;
    expect(allowed).toBe(AUTH_LIMIT - 4);
    expect(statuses.at(-1)).toBe(429);
  });

  it('carries an order made through B to a designer on A, a moderator on B reviews it, the customer on A sees it all', async () => {
    const designerSocket = await socketOn(a, designer);
    const moderatorSocket = await socketOn(b, moderator);
    const customerSocket = await socketOn(a, customer);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );

    expect((await designer.post('/api/executor/shift/toggle')).status).toBe(200);
    const offered = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
    designerSocket.emit(SocketEvent.executorFind, true);
    const orderId = await placeOrder(customer.on(b.url), teeth._id);
    expect((await offered)._id).toBe(orderId);

    // The designer sends the result through B; the picture stored there is served by A.
    const form = imageForm({}, { image: { data: await pngOf(120, 90), name: 'r.png', type: 'image/png' } });
    expect((await designer.on(b.url).post('/api/admin/orders/executor/completed', form)).status).toBe(200);

    const forReview = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
    moderatorSocket.emit(SocketEvent.reviewFind, true);
    const inReview = await forReview;
    expect(inReview._id).toBe(orderId);
    const result = inReview.processing.at(-1)?.executor?.result.picture;
    expect(result).toBeTruthy();
    expect((await moderator.on(a.url).get(result!)).status).toBe(200);
    expect((await moderator.post('/api/admin/orders/review/completed/resolve')).status).toBe(200);

    await expect
      .poll(() => changes.filter((change) => change.orderId === orderId).map((change) => change.condition))
      .toEqual([OrderCondition.new, OrderCondition.inWork, OrderCondition.resultReview, OrderCondition.done]);
    const order = await customer.get(`/api/orders/order/${orderId}`);
    expect(order.body.condition).toBe(OrderCondition.done);
    moderatorSocket.emit(SocketEvent.reviewFind, false);
  }, 60_000);

  it('fires a deadline once although both instances sweep', async () => {
    const designerSocket = await socketOn(a, designer);
    const customerSocket = await socketOn(a, customer);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );
    const messages = collectEvents<TimeExtension>(designerSocket, SocketEvent.timeExtension);
    const offered = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
    designerSocket.emit(SocketEvent.executorFind, true);
    const orderId = await placeOrder(customer.on(b.url), teeth._id);
    expect((await offered)._id).toBe(orderId);

    const minutes = 10 + teeth.executionTime;
    await advanceClocks(designer, (minutes - 10) * 60_000);
    await expect.poll(() => messages.map((message) => message.code)).toEqual([TimeExtensionCode.offer]);
    await advanceClocks(designer, 61_000);
    await expect
      .poll(() => messages.map((message) => message.code))
      .toEqual([TimeExtensionCode.offer, TimeExtensionCode.expired]);
    // Several sweeps of both instances later, still once.
    await settle(1500);
    expect(messages.map((message) => message.code)).toEqual([
      TimeExtensionCode.offer,
      TimeExtensionCode.expired,
    ]);
    const attempts = await deployment.db
      .select()
      .from(orderProcessing)
      .where(eq(orderProcessing.orderId, orderId));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ resultStatus: ExecutorResult.overdue });
    const [row] = await deployment.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    expect(changes.filter((change) => change.orderId === orderId).map((change) => change.condition)).toEqual([
      OrderCondition.new,
      OrderCondition.inWork,
      OrderCondition.requeued,
    ]);
  }, 60_000);

  it('drops the cached catalogue on B when the admin changes it through A', async () => {
    const before = await customer.on(b.url).get('/api/services');
    const groupId = (before.body as Array<{ _id: string }>)[0]!._id;
    const renamed = await admin.patch(`/api/admin/services/group/${groupId}`, {
      title: { admin: 'Лицо', user: 'Renamed through A' },
      status: true,
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(async () => JSON.stringify((await customer.on(b.url).get('/api/services')).body))
      .toContain('Renamed through A');
  });

  // Each instance keeps the sessions and permissions it read: a change through A must hold on B at the next request.
  it('applies a permission change made through A on B at once', async () => {
    const onB = designer.on(b.url);
    const [row] = await deployment.db.select().from(users).where(eq(users.email, 'designer@retouch.local'));
    expect((await onB.get('/api/admin/orders/')).status).toBe(403);
    const granted = await admin.patch(`/api/admin/permissions/custom/user/${row!.id}`, {
      permissions: [{ sign: PermissionSign.lookOrders, status: true }],
    });
    expect(granted.status).toBe(200);
    expect((await onB.get('/api/admin/orders/')).status).toBe(200);
    expect(
      await admin.patch(`/api/admin/permissions/role/user/${row!.id}`, { _id: row!.roleId }),
    ).toMatchObject({
      status: 200,
    });
    expect((await onB.get('/api/admin/orders/')).status).toBe(403);
  });

  // Last: the customer's session ends.
  it('ends a session on B at once when it is logged out through A', async () => {
    const onB = customer.on(b.url);
    expect((await onB.get('/api/user/info')).status).toBe(200);
    expect((await customer.post('/api/logout')).status).toBe(200);
    expect((await onB.get('/api/user/info')).status).toBe(401);
    expect((await onB.get('/api/auth/check')).status).toBe(401);
  });
});
