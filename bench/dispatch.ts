// Dispatch latency benchmark, in two parts on one server (in-process; PGlite, or with `--postgres` a
// scratch database on the PostgreSQL server):
//  - arrival: 200 designers search, 10 000 finished orders fill the table; an order is created and the
//    time from the create call's response to `order for executor` at a designer is measured (p50, p99);
//  - drain: 10 000 orders wait in the queue and the 200 designers ask at once; the time from each
//    `executor find` to its `order for executor` is measured.
// Writes bench/results/dispatch.json (dispatch-postgres.json with `--postgres`).
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@retouch/shared/constants';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { LedgerReason, roles, users } from '../apps/server/src/db/schema/index';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { applyLedgerEntry } from '../apps/server/src/modules/ledger/ledger.service';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import {
  DEMO_CUSTOMER_EMAIL,
  databaseKindFromArgs,
  logIn,
  openBenchDatabase,
  startBenchServer,
} from './bench-app';
import { percentile, printTable, round, writeResult } from './report';

const DESIGNERS = Number(process.env.BENCH_DESIGNERS ?? 200);
const QUEUED = Number(process.env.BENCH_QUEUED_ORDERS ?? 10_000);
const ARRIVALS = Number(process.env.BENCH_ARRIVALS ?? 100);

const kind = databaseKindFromArgs();
const bench = await openBenchDatabase(
  kind,
  {
    DISPATCH_SWEEP_INTERVAL_MS: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // One customer sends every arrival.
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  },
  20,
);
const { db } = bench.database;
const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
await db.transaction((tx) =>
  applyLedgerEntry(tx, {
    userId: customer!.id,
    deltaMain: 1_000_000,
    deltaBonus: 0,
    reason: LedgerReason.adminAdjustment,
    idempotencyKey: 'bench-dispatch-topup',
  }),
);
const { app, address } = await startBenchServer(bench);

// The designers: staff accounts on shift, each with a socket.
const [designerRole] = await db.select().from(roles).where(eq(roles.title, RoleTitle.designer));
const passwordHash = await hashPassword('designer-password');
const designers: Array<{ cookie: string; socket: Socket }> = [];
for (let i = 0; i < DESIGNERS; i += 1) {
  const email = `bench-designer-${i}@example.com`;
  await insertUser(db, {
    email,
    passwordHash,
    giveName: 'Bench',
    familyName: String(i),
    roleId: designerRole!.id,
    emailConfirmedAt: new Date(),
  });
  const cookie = await logIn(address, email, 'designer-password');
  await fetch(`${address}/api/executor/shift/toggle`, { method: 'POST', headers: { cookie } });
  const socket = io(address, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie } });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  designers.push({ cookie, socket });
}

async function fillOrders(condition: number) {
  await db.execute(sql`
    insert into orders (user_id, condition, cost, charged_main, charged_bonus, cost_for_executor,
                        execution_time, original, original_thumb, draft, queued_at, created_at)
    select ${customer!.id}, ${condition}, 5, 5, 0, 2, 20, '/api/files/o.jpg', '/api/files/t.jpg',
           '/api/files/d.jpg', now() - interval '1 day' + g * interval '1 second', now() - interval '1 day'
    from generate_series(1, ${QUEUED}) g`);
}

// Part 1: arrival. The table holds finished orders; every designer searches.
await fillOrders(OrderCondition.done);
for (const designer of designers) designer.socket.emit(SocketEvent.executorFind, true);
await new Promise((resolve) => setTimeout(resolve, 1000));
const customerCookie = await logIn(address, DEMO_CUSTOMER_EMAIL);
const services = (await (await fetch(`${address}/api/services`)).json()) as Array<{
  list: Array<{ _id: string; title: { user: string } }>;
}>;
const teeth = services.flatMap((group) => group.list).find((s) => s.title.user === 'Teeth whitening')!;
const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#885533' } })
  .png()
  .toBuffer();
const data = JSON.stringify({ order: { persons: [{ id: 'photo', orders: [{ id: teeth._id }] }] } });

const arrivals: number[] = [];
const fromRequest: number[] = [];
for (let i = 0; i < Math.min(ARRIVALS, DESIGNERS); i += 1) {
  const received = new Promise<number>((resolve) => {
    const onOrder = () => {
      for (const designer of designers) designer.socket.off(SocketEvent.orderForExecutor, onOrder);
      resolve(performance.now());
    };
    for (const designer of designers) designer.socket.on(SocketEvent.orderForExecutor, onOrder);
  });
  const form = new FormData();
  form.append('data', data);
  form.append('original', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  form.append('draft', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'draft.png');
  const sent = performance.now();
  const response = await fetch(`${address}/api/orders/create`, {
    method: 'POST',
    headers: { cookie: customerCookie },
    body: form,
  });
  const answered = performance.now();
  if (response.status !== 201)
    throw new Error(`create answered ${response.status}: ${await response.text()}`);
  const at = await received;
  // Matching starts as the order is written, so the designer often has it before the customer's answer.
  arrivals.push(Math.max(0, at - answered));
  fromRequest.push(at - sent);
}

// Part 2: drain. Designers put their orders down (cancelled), 10 000 orders wait, all ask at once.
await db.execute(sql`update orders set condition = ${OrderCondition.cancelled}, executor_id = null`);
await fillOrders(OrderCondition.new);
const drains = await Promise.all(
  designers.map(
    (designer) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        designer.socket.once(SocketEvent.orderForExecutor, () => resolve(performance.now() - started));
        designer.socket.emit(SocketEvent.executorFind, true);
      }),
  ),
);

const report = {
  database: kind,
  designers: DESIGNERS,
  ordersInTable: QUEUED,
  arrival: {
    samples: arrivals.length,
    note: `create response -> order for executor (0 when it came first), ${DESIGNERS} designers searching`,
    p50Ms: round(percentile(arrivals, 50)),
    p99Ms: round(percentile(arrivals, 99)),
    fromCreateRequest: {
      p50Ms: round(percentile(fromRequest, 50)),
      p99Ms: round(percentile(fromRequest, 99)),
    },
  },
  drain: {
    samples: drains.length,
    note: `${QUEUED} orders waiting, every designer asks at once: executor find -> order for executor`,
    p50Ms: round(percentile(drains, 50)),
    p99Ms: round(percentile(drains, 99)),
  },
};
printTable(`Dispatch on ${kind}, ${DESIGNERS} designers, ${QUEUED} orders in the table (ms)`, [
  { case: 'create call -> order at a designer', ...report.arrival.fromCreateRequest },
  { case: 'after the create answer', p50Ms: report.arrival.p50Ms, p99Ms: report.arrival.p99Ms },
  { case: `drain: ${DESIGNERS} designers ask at once`, p50Ms: report.drain.p50Ms, p99Ms: report.drain.p99Ms },
]);
await writeResult(kind === 'PostgreSQL' ? 'dispatch-postgres' : 'dispatch', report);

for (const designer of designers) designer.socket.disconnect();
await app.close();
await bench.close();
