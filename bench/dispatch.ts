// Dispatch latency benchmark, in two parts on one server (in-process; PGlite, or with `--postgres` a
// scratch database on the PostgreSQL server):
//  - arrival: 200 designers search, 10 000 finished orders fill the table; orders are created one after
//    another. Each create call is split at the moment the order's transaction commits (the server's
//    `commandCommitted` diagnostics channel): request start -> commit (upload, decoding, checks, the
//    transaction) and commit -> `order for executor` at a designer, the dispatch proper (issue 20's goal);
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
import {
  commandCommitted,
  type CommandCommitted,
} from '../apps/server/src/modules/order-flow/order-transition';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import {
  DEMO_CUSTOMER_EMAIL,
  databaseKindFromArgs,
  logIn,
  openBenchDatabase,
  startBenchServer,
} from './bench-app';
import { goal, percentile, printGoals, printTable, round, writeResult } from './report';

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

// The moment each order's send committed, by order; told synchronously by the server as it happens.
const committedAt = new Map<string, number>();
commandCommitted.subscribe((message) => {
  for (const event of (message as CommandCommitted).events) {
    if (event.kind === 'conditionChanged' && event.from === null)
      committedAt.set(event.orderId, performance.now());
  }
});

const upload: number[] = [];
const fromCommit: number[] = [];
const commitToAnswer: number[] = [];
const fromRequest: number[] = [];
for (let i = 0; i < Math.min(ARRIVALS, DESIGNERS); i += 1) {
  const received = new Promise<{ orderId: string; at: number }>((resolve) => {
    const onOrder = (order: { _id: string }) => {
      const at = performance.now();
      for (const designer of designers) designer.socket.off(SocketEvent.orderForExecutor, onOrder);
      resolve({ orderId: order._id, at });
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
  const { _id: created } = (await response.json()) as { _id: string };
  const { orderId, at } = await received;
  const committed = committedAt.get(created);
  if (orderId !== created || committed === undefined)
    throw new Error(`order ${created} was not the one offered (${orderId}) or its commit went unseen`);
  upload.push(committed - sent);
  fromCommit.push(at - committed);
  commitToAnswer.push(answered - committed);
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

const figures = (values: number[]) => ({
  p50Ms: round(percentile(values, 50)),
  p99Ms: round(percentile(values, 99)),
});
const arrival = {
  samples: fromCommit.length,
  note: `${DESIGNERS} designers searching; one order created at a time, split at the commit of its send`,
  fromCommit: figures(fromCommit),
  upload: figures(upload),
  commitToAnswer: figures(commitToAnswer),
  fromCreateRequest: figures(fromRequest),
};
// The goals are PostgreSQL's, the configuration for load; PGlite's figures are reported beside them.
const goals =
  kind === 'PostgreSQL'
    ? [
        goal(
          'order committed → order for executor, p50 (PostgreSQL)',
          arrival.fromCommit.p50Ms,
          '<',
          10,
          'ms',
        ),
        goal(
          'order committed → order for executor, p99 (PostgreSQL)',
          arrival.fromCommit.p99Ms,
          '<',
          30,
          'ms',
        ),
      ]
    : [];
const report = {
  database: kind,
  designers: DESIGNERS,
  ordersInTable: QUEUED,
  arrival,
  drain: {
    samples: drains.length,
    note: `${QUEUED} orders waiting, every designer asks at once: executor find -> order for executor`,
    ...figures(drains),
  },
  goals,
};
printTable(`Dispatch on ${kind}, ${DESIGNERS} designers, ${QUEUED} orders in the table (ms)`, [
  { case: 'order committed -> order at a designer', ...arrival.fromCommit },
  { case: 'upload: create call -> order committed', ...arrival.upload },
  { case: 'order committed -> create answer', ...arrival.commitToAnswer },
  { case: 'create call -> order at a designer', ...arrival.fromCreateRequest },
  { case: `drain: ${DESIGNERS} designers ask at once`, p50Ms: report.drain.p50Ms, p99Ms: report.drain.p99Ms },
]);
if (goals.length > 0) printGoals(goals);
await writeResult(kind === 'PostgreSQL' ? 'dispatch-postgres' : 'dispatch', report);

for (const designer of designers) designer.socket.disconnect();
await app.close();
await bench.close();
