import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { ExecutorResult, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import {
  dispatchWaiters,
  orderProcessing,
  orders,
  roles,
  shifts,
  staffPresence,
  users,
} from '../../db/schema/index';
import { createLocalStorage } from '../../storage/local-storage';
import { insertUser } from '../users/users.repository';
import type { OrderEvent, OrderEventPort } from '../order-flow/order-events';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { withDatabase } from '../../../test/global-setup';
import { signUpCustomer } from '../../../test/fixtures';
import {
  catalogServices,
  collectEvents,
  connectedSocket,
  createStaff,
  placeOrder,
} from '../../../test/staff-fixtures';
import { createOrderWork, type OrderWork } from './order-work';

/**
 * Matching at the commit (issue 20): the instance that commits an order matches it at once, without
 * waiting for its events to go out, and still publishes in commit order; matchers racing over one
 * database never hand an order or a designer out twice.
 */
let t: TestApp;
let teethId: string;

beforeAll(async () => {
  t = await createTestApp();
  teethId = (await catalogServices(t))('Teeth whitening')._id;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(dispatchWaiters);
  await t.db.update(orders).set({ condition: OrderCondition.cancelled, executorId: null });
  await t.db.update(shifts).set({ endedAt: t.clock.now() });
});

async function searchingDesigner() {
  const [designer] = await createStaff(t);
  await designer!.client.post('/api/executor/shift/toggle');
  const socket = await connectedSocket(t, designer!.client);
  socket.emit(SocketEvent.executorFind, true);
  await expect
    .poll(async () => t.db.select().from(dispatchWaiters).where(eq(dispatchWaiters.userId, designer!.userId)))
    .toHaveLength(1);
  return { ...designer!, socket };
}

const isSend = (event: OrderEvent) => event.kind === 'conditionChanged' && event.from === null;

describe('on the committing instance', () => {
  it("matches an order as its send commits, before the send's events are out, and publishes in commit order", async () => {
    const designer = await searchingDesigner();
    const customer = await signUpCustomer(t);
    const customerSocket = await connectedSocket(t, customer.client);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );
    const offered = collectEvents<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);

    // The send's events are held back once loaded, as if its publishing were slow.
    const port = t.work.flow.events;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let sendHeld = false;
    t.work.flow.events = {
      publish: (events) => port.publish(events),
      async prepare(events) {
        const publish = await port.prepare!(events);
        if (!events.some(isSend)) return publish;
        return async () => {
          sendHeld = true;
          await released;
          await publish();
        };
      },
    } satisfies OrderEventPort;
    try {
      const placing = placeOrder(customer.client, teethId);
      await expect.poll(() => sendHeld).toBe(true);
      // Matched meanwhile: the designer holds it in the database.
      const holding = () => t.db.select().from(orders).where(eq(orders.executorId, designer.userId));
      await expect.poll(holding).toHaveLength(1);
      const [held] = await holding();
      expect(held!.condition).toBe(OrderCondition.inWork);
      // Its events wait for the send's: nobody has heard of either yet.
      expect(offered).toEqual([]);
      expect(changes).toEqual([]);

      release();
      const orderId = await placing;
      expect(held!.id).toBe(orderId);
      await expect.poll(() => offered.map((order) => order._id)).toEqual([orderId]);
      await expect
        .poll(() => changes.map((change) => change.condition))
        .toEqual([OrderCondition.new, OrderCondition.inWork]);
    } finally {
      release();
      t.work.flow.events = port;
    }
  });

  it('answers the send once its order is matched and offered', async () => {
    const designer = await searchingDesigner();
    const offered = collectEvents<StaffOrder>(designer.socket, SocketEvent.orderForExecutor);
    const orderId = await placeOrder((await signUpCustomer(t)).client, teethId);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ condition: OrderCondition.inWork, executorId: designer.userId });
    await expect.poll(() => offered.map((order) => order._id)).toEqual([orderId]);
  });
});

describe('the oldest order to the longest-waiting searcher who may take it', () => {
  it('looks past the first searchers when none of them may take the order', async () => {
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, teethId);
    // Three designers who refused this order earlier wait longest; the fourth may take it.
    const designers = await designerRows(4);
    await t.db.update(orders).set({ condition: OrderCondition.requeued }).where(eq(orders.id, orderId));
    await t.db.insert(orderProcessing).values(
      designers.slice(0, 3).map((designerId) => ({
        orderId,
        kind: 'executor' as const,
        executorId: designerId,
        dateStart: t.clock.now(),
        dateEnd: t.clock.now(),
        resultStatus: ExecutorResult.refused,
      })),
    );
    await searchAll(designers);
    await t.work.designers.match();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ condition: OrderCondition.inWork, executorId: designers[3] });
    expect(await waiting(designers)).toEqual(designers.slice(0, 3).sort());
  });

  it('pairs in order of arrival on both sides', async () => {
    const designers = await designerRows(3);
    const orderIds = await waitingOrders(2);
    await searchAll(designers);
    await t.work.designers.match();
    const rows = await t.db.select().from(orders).where(inArray(orders.id, orderIds));
    const holder = (id: string) => rows.find((row) => row.id === id)?.executorId;
    expect(orderIds.map(holder)).toEqual(designers.slice(0, 2));
    expect(await waiting(designers)).toEqual([designers[2]]);
  });
});

describe('matchers racing over one database', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  /** Another instance's order work: with connections of its own on PostgreSQL (PGlite has one handle). */
  async function anotherInstance(heard: OrderEvent[]): Promise<OrderWork> {
    const url = process.env.TEST_DATABASE_URL;
    let db = t.db;
    if (url) {
      const result = await t.db.execute(sql`select current_database() as name`);
      const [{ name }] = (result as unknown as { rows: [{ name: string }] }).rows;
      const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
      handles.push(handle);
      db = handle.db;
    }
    return createOrderWork(
      {
        db,
        storage: createLocalStorage(path.join(t.config.DATA_DIR, 'files')),
        now: () => t.clock.now(),
        events: { publish: (list) => void heard.push(...list) },
      },
      {
        searcherSeconds: t.config.PRESENCE_TIMEOUT_SECONDS,
        holderGraceSeconds: t.config.HOLDER_GRACE_SECONDS,
      },
    );
  }

  it('hand every order to one designer and every designer at most one order', async () => {
    const heard: OrderEvent[] = [];
    const instances = [await anotherInstance(heard), await anotherInstance(heard), t.work];
    const designers = await designerRows(100);
    const orderIds = await waitingOrders(120);
    await searchAll(designers);

    await Promise.all(
      Array.from({ length: 9 }, (_, i) => instances[i % instances.length]!.designers.match()),
    );

    const held = (await t.db.select().from(orders).where(inArray(orders.id, orderIds))).filter(
      (row) => row.executorId !== null,
    );
    expect(held).toHaveLength(100);
    expect(held.every((row) => row.condition === OrderCondition.inWork)).toBe(true);
    expect(new Set(held.map((row) => row.executorId)).size).toBe(100);
    const attempts = await t.db
      .select()
      .from(orderProcessing)
      .where(inArray(orderProcessing.orderId, orderIds));
    expect(attempts.map((attempt) => attempt.orderId).sort()).toEqual(held.map((row) => row.id).sort());
    expect(await waiting(designers)).toEqual([]);
    const assigned = heard.filter((event) => event.kind === 'assigned');
    expect(new Set(assigned.map((event) => event.orderId)).size).toBe(assigned.length);
  }, 60_000);
});

/** Designers in the database (no sessions needed to be matched), oldest search first once searching. */
async function designerRows(count: number): Promise<string[]> {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.title, RoleTitle.designer));
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await insertUser(t.db, {
        email: `matching-${Math.random().toString(36).slice(2, 10)}@example.com`,
        passwordHash: 'x',
        giveName: 'Designer',
        familyName: String(i),
        roleId: role!.id,
        emailConfirmedAt: t.clock.now(),
      }),
    );
  }
  return ids;
}

/** The designers search, one second apart in this order, and were just seen. */
async function searchAll(designerIds: string[]) {
  const since = t.clock.now().getTime() - designerIds.length * 1000;
  await t.db
    .insert(staffPresence)
    .values(designerIds.map((userId) => ({ userId })))
    .onConflictDoUpdate({ target: staffPresence.userId, set: { renewedAt: sql`now()` } });
  await t.db.insert(dispatchWaiters).values(
    designerIds.map((userId, i) => ({
      userId,
      queue: 'executor' as const,
      since: new Date(since + i * 1000),
    })),
  );
}

/** Orders waiting for a designer, oldest first, written as a send leaves them (without matching). */
async function waitingOrders(count: number): Promise<string[]> {
  const [customer] = await t.db.select({ id: users.id }).from(users).limit(1);
  const start = t.clock.now().getTime() - count * 1000;
  const rows = await t.db
    .insert(orders)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: customer!.id,
        condition: OrderCondition.new,
        cost: 5,
        chargedMain: 5,
        chargedBonus: 0,
        costForExecutor: 2,
        executionTime: 20,
        original: '/api/files/o.jpg',
        originalThumb: '/api/files/t.jpg',
        draft: '/api/files/d.jpg',
        queuedAt: new Date(start + i * 1000),
      })),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

/** Which of these designers still search, sorted. */
async function waiting(designerIds: string[]): Promise<string[]> {
  const rows = await t.db
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(inArray(dispatchWaiters.userId, designerIds));
  return rows.map((row) => row.userId).sort();
}
