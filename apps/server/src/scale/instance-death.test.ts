import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecutorResult, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import {
  LedgerReason,
  dispatchWaiters,
  orderProcessing,
  orders,
  tokenLedger,
  users,
} from '../db/schema/index';
import { findLedgerMismatches } from '../modules/ledger/ledger.repository';
import type { TestClient } from '../../test/test-app';
import { imageForm } from '../../test/fixtures';
import { collectEvents, nextEvent, placeOrder } from '../../test/staff-fixtures';
import {
  createDeployment,
  deploymentServicesReachable,
  type Deployment,
  type Instance,
  until,
} from '../../test/scaled-deployment';

/**
 * One of two instances dies (SIGKILL) while a designer connected to it searches, another holds an
 * order, and a customer's send is between its commit and its events (docs/decisions/0024).
 */
const TIMEOUT_SECONDS = 3;
const GRACE_SECONDS = 8;
/** Sweeps and heartbeats on a loaded machine take this much beyond the configured times, at most. */
const SLACK_MS = 10_000;

const available = await deploymentServicesReachable();

let deployment: Deployment;
let a: Instance;
let b: Instance;

type Change = { orderId: string; condition: number };

interface Designer {
  userId: string;
  client: TestClient;
  socket: Socket;
}

async function teethId(client: TestClient): Promise<string> {
  const groups = (await client.get('/api/services')).body as Array<{
    list: Array<{ _id: string; title: { user: string } }>;
  }>;
  return groups.flatMap((group) => group.list).find((service) => service.title.user === 'Teeth whitening')!
    ._id;
}

const designerOn = (instance: Instance, name: string) => deployment.designerOn(instance, name);

async function searching(designer: Designer) {
  designer.socket.emit(SocketEvent.executorFind, true);
  await until('the designer searches', SLACK_MS, async () => {
    const rows = await deployment.db
      .select()
      .from(dispatchWaiters)
      .where(eq(dispatchWaiters.userId, designer.userId));
    return rows.length > 0 ? true : undefined;
  });
}

/** The order form `placeOrder` sends, sent with an Idempotency-Key by hand. */
async function sendKeyedOrder(instance: Instance, client: TestClient, serviceId: string, key: string) {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a3c1e' } })
    .png()
    .toBuffer();
  const data = { order: { persons: [{ id: 'photo', orders: [{ id: serviceId }] }], message: 'Hi' } };
  const form = imageForm(
    { data: JSON.stringify(data) },
    {
      original: { data: photo, name: 'photo.png', type: 'image/png' },
      draft: { data: photo, name: 'draft.png', type: 'image/png' },
    },
  );
  const answer = await fetch(`${instance.url}/api/orders/create`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader ?? '', 'idempotency-key': key },
    body: form,
  });
  return { status: answer.status, body: (await answer.json()) as { _id: string } };
}

describe.skipIf(!available)('an instance killed under work', () => {
  beforeAll(async () => {
    deployment = await createDeployment({
      DISPATCH_SWEEP_INTERVAL_MS: '200',
      PRESENCE_HEARTBEAT_SECONDS: '1',
      PRESENCE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      HOLDER_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    [a, b] = (await deployment.startAll('A', 'B')) as [Instance, Instance];
  }, 240_000);

  afterAll(async () => {
    await deployment?.dispose(async (database) => {
      expect(await findLedgerMismatches(database.db)).toEqual([]);
    });
  }, 60_000);

  it('loses no order, charges a retried send once and gives the dead instance’s work to live designers', async () => {
    const customer = await deployment.logIn(a, 'customer@retouch.local');
    await deployment.fundCustomer(500);
    const [customerRow] = await deployment.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@retouch.local'));
    const serviceId = await teethId(customer);

    // On A: one designer holds an order, another searches; the customer watches there too. On B, a
    // designer searches since before A's searcher, so the next order goes to B.
    const holder = await designerOn(a, 'holder');
    const offered = nextEvent<StaffOrder>(holder.socket, SocketEvent.orderForExecutor);
    await searching(holder);
    const held = await placeOrder(customer.on(b.url), serviceId);
    expect((await offered)._id).toBe(held);
    const first = await designerOn(b, 'live-first');
    await searching(first);
    const searcher = await designerOn(a, 'searcher');
    await searching(searcher);
    await deployment.socketOn(a, customer);

    // A dies right after committing the customer's next send: its answer never comes.
    expect((await customer.post('/api/test/crash-after-next-commit')).status).toBe(200);
    const key = randomUUID();
    const cut = await sendKeyedOrder(a, customer, serviceId, key).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(Error);
    const killedAt = Date.now();
    await a.exited;
    expect(a.process.signalCode).toBe('SIGKILL');

    // The customer's client reconnects to B, and the send is retried there with the same key.
    const onB = customer.on(b.url);
    const customerSocket = await deployment.socketOn(b, onB);
    const changes = collectEvents<Change>(customerSocket, SocketEvent.changeOrders);
    const [before] = await deployment.db.select().from(users).where(eq(users.id, customerRow!.id));
    const retried = await sendKeyedOrder(b, onB, serviceId, key);
    expect(retried.status).toBe(201);
    const sent = retried.body._id;
    const mine = await deployment.db.select().from(orders).where(eq(orders.userId, customerRow!.id));
    expect(mine.map((order) => order.id).sort()).toEqual([held, sent].sort());
    const [after] = await deployment.db.select().from(users).where(eq(users.id, customerRow!.id));
    expect(after!.balanceMain + after!.balanceBonus).toBe(before!.balanceMain + before!.balanceBonus);
    const charges = await deployment.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, customerRow!.id), eq(tokenLedger.reason, LedgerReason.orderCharge)));
    expect(charges).toHaveLength(2);

    // The dead instance's searcher leaves the queue once their presence expires.
    const dropped = await until(
      'the dead searcher leaves the queue',
      TIMEOUT_SECONDS * 1000 + SLACK_MS,
      async () => {
        const rows = await deployment.db
          .select()
          .from(dispatchWaiters)
          .where(eq(dispatchWaiters.userId, searcher.userId));
        return rows.length === 0 ? true : undefined;
      },
    );

    // The designers on B take up the work: the cut send at once, the held order after the grace period.
    const second = await designerOn(b, 'live-second');
    await searching(second);
    const liveIds = [first.userId, second.userId];
    const reached = await until(
      'both orders reach live designers',
      GRACE_SECONDS * 1000 + SLACK_MS,
      async () => {
        const rows = await deployment.db
          .select()
          .from(orders)
          .where(inArray(orders.id, [held, sent]));
        return rows.every((row) => row.executorId !== null && liveIds.includes(row.executorId))
          ? rows
          : undefined;
      },
    );
    const reachedLiveAt = async (orderId: string) =>
      (
        await deployment.db
          .select()
          .from(orderProcessing)
          .where(and(eq(orderProcessing.orderId, orderId), inArray(orderProcessing.executorId, liveIds)))
      )[0]!.dateStart!.getTime();
    const heldReachedAt = await reachedLiveAt(held);
    const sentReachedAt = await reachedLiveAt(sent);

    // Nothing was handed to the dead instance's designers once their presence had expired.
    const deadAttempts = await deployment.db
      .select()
      .from(orderProcessing)
      .where(inArray(orderProcessing.executorId, [holder.userId, searcher.userId]));
    for (const attempt of deadAttempts) {
      expect(attempt.dateStart!.getTime()).toBeLessThan(killedAt + TIMEOUT_SECONDS * 1000 + 1000);
    }
    const heldAttempts = deadAttempts.filter((attempt) => attempt.orderId === held);
    expect(heldAttempts).toHaveLength(1);
    expect(heldAttempts[0]).toMatchObject({ resultStatus: ExecutorResult.interrupted });

    // Every condition change is told to the customer on B, or read by the refetch the client makes on
    // reconnecting (a change B made before the client was back, such as matching the cut send at once).
    // The cut send's own `new` comes from the outbox, published by B once A could not: after the send's
    // later changes, which does not matter, since the client reloads the order on each event.
    const conditionsOf = (orderId: string) =>
      changes.filter((change) => change.orderId === orderId).map((change) => change.condition);
    await until('the cut send’s `new` arrives from the outbox', SLACK_MS, async () =>
      conditionsOf(sent).includes(OrderCondition.new) ? true : undefined,
    );
    // Its match is published after the commit the database shows: waited for, as a client would.
    await until('the held order’s requeue and new match reach the customer', SLACK_MS, async () =>
      conditionsOf(held).length >= 2 ? true : undefined,
    );
    expect(conditionsOf(held)).toEqual([OrderCondition.requeued, OrderCondition.inWork]);
    const history = (await onB.get('/api/orders/user/?limit=10')).body as {
      orders: Array<{ _id: string; condition: number }>;
    };
    for (const row of reached.value) {
      expect(history.orders.find((order) => order._id === row.id)?.condition).toBe(row.condition);
    }

    const figures = {
      searcherDroppedAfterMs: dropped.at - killedAt,
      cutSendAtLiveDesignerAfterMs: sentReachedAt - killedAt,
      heldOrderAtLiveDesignerAfterMs: heldReachedAt - killedAt,
      bothOrdersAtLiveDesignersAfterMs: reached.at - killedAt,
      presenceTimeoutSeconds: TIMEOUT_SECONDS,
      holderGraceSeconds: GRACE_SECONDS,
    };
    console.info('instance death:', JSON.stringify(figures));
    if (process.env.INSTANCE_DEATH_RESULTS) {
      await writeFile(process.env.INSTANCE_DEATH_RESULTS, `${JSON.stringify(figures, null, 2)}\n`);
    }
  }, 120_000);
});
