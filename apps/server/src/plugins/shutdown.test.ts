import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { io as ioClient } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@retouch/shared/constants';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { REVIEW_RELEASE_GRACE_SECONDS } from '@retouch/shared/review';
import { buildApp } from '../app';
import type { OrderWork } from '../modules/work-queue/order-work';
import { dispatchWaiters, orders } from '../db/schema/index';
import { createTestApp, createTestDatabase } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { imageForm, signUpCustomer } from '../../test/fixtures';
import { pngOf } from '../../test/catalog-fixtures';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../test/staff-fixtures';
import { waitForState } from '../../test/limits';

/** Tests that build apps of their own: start-up is slow on a busy machine. */
const OWN_APP_TIMEOUT_MS = 120_000;

describe('closing the app', () => {
  it(
    'answers a slow request that is in flight, turns newcomers away, and only then finishes',
    async () => {
      const database = await createTestDatabase();
      const config = testConfig();
      const app = await buildApp(config, { database });
      let entered!: () => void;
      let release!: () => void;
      const inHandler = new Promise<void>((resolve) => (entered = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      app.get('/api/slow-report', async () => {
        entered();
        await released;
        return { report: 'done' };
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      try {
        const slow = fetch(`${baseUrl}/api/slow-report`).then(async (answer) => ({
          status: answer.status,
          body: await answer.json(),
        }));
        await inHandler;
        let closed = false;
        const closing = app.close().then(() => {
          closed = true;
        });
        await delay(300);
        expect(closed).toBe(false);
        const newcomer = await fetch(`${baseUrl}/healthz`).then(
          (answer) => answer.status,
          () => 'refused',
        );
        expect([503, 'refused']).toContain(newcomer);

        release();
        expect(await slow).toEqual({ status: 200, body: { report: 'done' } });
        // The answered keep-alive connection does not hold the close for Fastify's 72 s keep-alive.
        const answeredAt = Date.now();
        await closing;
        expect(Date.now() - answeredAt).toBeLessThan(30_000);
      } finally {
        release();
        await app.close();
        await database.close();
        await rm(config.DATA_DIR, { recursive: true, force: true });
      }
    },
    OWN_APP_TIMEOUT_MS,
  );

  it(
    'stops the dispatch sweeper and waits for the pass under way',
    async () => {
      const events: string[] = [];
      const slowSweep = async () => {
        events.push('pass started');
        await delay(300);
        events.push('pass finished');
      };
      const t = await createTestApp(
        { DISPATCH_SWEEP_INTERVAL_MS: '20' },
        { orderWork: (work) => ({ ...work, sweep: slowSweep }) },
      );
      try {
        await waitForState(() => expect(events).toEqual(['pass started']));
        await t.app.close();
        events.push('closed');
        await delay(100);
        expect(events).toEqual(['pass started', 'pass finished', 'closed']);
      } finally {
        await t.close();
      }
    },
    OWN_APP_TIMEOUT_MS,
  );
});

describe('handing back what only this instance held', () => {
  it(
    'drops searching designers from the queue, starts the grace of absent moderators, keeps orders in work',
    async () => {
      const t = await createTestApp();
      let secondWork: OrderWork | undefined;
      const second = await buildApp(t.config, {
        database: t.database,
        clock: t.clock,
        orderWork: (work) => (secondWork = work),
      });
      try {
        const teeth = (await catalogServices(t))('Teeth whitening');
        const customer = await signUpCustomer(t);
        const onShift = async (member: StaffMember) => {
          await member.client.post('/api/executor/shift/toggle');
          return { ...member, socket: await connectedSocket(t, member.client) };
        };
        const [first, holder, searcher] = await Promise.all(
          (await createStaff(t, 'Designer', 3)).map(onShift),
        );
        const [moderator, idleModerator] = await createStaff(t, 'Moderator', 2);

        // An order in review, held by a moderator connected here.
        const firstOrder = nextEvent<StaffOrder>(first!.socket, SocketEvent.orderForExecutor);
        first!.socket.emit(SocketEvent.executorFind, true);
        const reviewedId = await placeOrder(customer.client, teeth._id);
        expect((await firstOrder)._id).toBe(reviewedId);
        const result = imageForm(
          {},
          { image: { data: await pngOf(80, 60), name: 'r.png', type: 'image/png' } },
        );
        expect((await first!.client.post('/api/admin/orders/executor/completed', result)).status).toBe(200);
        const moderatorSocket = await connectedSocket(t, moderator!.client);
        const review = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
        moderatorSocket.emit(SocketEvent.reviewFind, true);
        expect((await review)._id).toBe(reviewedId);

        // An order in work, and a designer and a moderator still searching.
        const held = nextEvent<StaffOrder>(holder!.socket, SocketEvent.orderForExecutor);
        holder!.socket.emit(SocketEvent.executorFind, true);
        const inWorkId = await placeOrder(customer.client, teeth._id);
        expect((await held)._id).toBe(inWorkId);
        searcher!.socket.emit(SocketEvent.executorFind, true);
        (await connectedSocket(t, idleModerator!.client)).emit(SocketEvent.reviewFind, true);
        await waitForState(async () => expect(await t.db.select().from(dispatchWaiters)).toHaveLength(2));

        const reasons = [searcher!.socket, moderatorSocket].map((socket) =>
          nextEvent<string>(socket, 'disconnect'),
        );
        const reconnecting = ioClient(t.baseUrl, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          reconnectionDelay: 50,
          extraHeaders: { cookie: searcher!.client.cookieHeader! },
        });
        await nextEvent(reconnecting, 'connect');
        const retried = new Promise((resolve) => reconnecting.io.once('reconnect_attempt', resolve));

        await t.app.close();

        // Clients see a lost transport, not a server's goodbye, so they reconnect (to another instance).
        expect(await Promise.all(reasons)).toEqual(['transport close', 'transport close']);
        await retried;
        reconnecting.disconnect();

        expect(await t.db.select().from(dispatchWaiters)).toEqual([]);
        const orderRow = async (id: string) =>
          (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
        expect(await orderRow(inWorkId)).toMatchObject({
          condition: OrderCondition.inWork,
          executorId: holder!.userId,
        });
        const graceEnds = t.clock.now().getTime() + REVIEW_RELEASE_GRACE_SECONDS * 1000;
        const reviewed = await orderRow(reviewedId);
        expect(reviewed.reviewerId).toBe(moderator!.userId);
        expect(reviewed.reviewHoldUntil?.getTime()).toBe(graceEnds);

        // Another instance releases the review once the moderator has stayed away past the grace.
        await second.ready();
        t.clock.advance(REVIEW_RELEASE_GRACE_SECONDS * 1000 + 1000);
        await secondWork!.sweep();
        expect(await orderRow(reviewedId)).toMatchObject({
          condition: OrderCondition.resultReview,
          reviewerId: null,
        });
      } finally {
        await second.close();
        await t.close();
      }
    },
    OWN_APP_TIMEOUT_MS,
  );
});
