// `npm run chaos`: the outside failover test's scenarios (issue 34) played against two instances over
// their own Redis and PostgreSQL, under steady traffic: three `kill -9`s, a rolling restart, a database
// stop, a short and a long Redis stop, and a soak. Customers send keyed orders through a client-side load
// balancer (a failed idempotent or keyed request is retried once on the other instance), designers search
// and complete, moderators approve. After each scenario the traffic stops and the work drains; then a
// table row: orders sent, lost, charged twice, double-assigned, 5xx, failed after the retry, ghost
// captures, events missed, time to recover. Writes bench/results/chaos.json.
//
// Durations (seconds) are overridable, to try it short: CHAOS_WARMUP_SECONDS (10), CHAOS_AFTER_SECONDS
// (20), CHAOS_DRAIN_SECONDS (120), CHAOS_KILL_DOWN_SECONDS (5), CHAOS_BETWEEN_KILLS_SECONDS (15),
// CHAOS_DATABASE_STOP_SECONDS (20), CHAOS_REDIS_STOP_SECONDS (20), CHAOS_LONG_REDIS_STOP_SECONDS (90),
// CHAOS_SOAK_SECONDS (600), CHAOS_STAFF_RECONNECT_SECONDS (30). Load: CHAOS_ORDERS_PER_MINUTE (30),
// CHAOS_CUSTOMERS (4), CHAOS_DESIGNERS (4), CHAOS_MODERATORS (2), CHAOS_WORK_MS (1500).
// CHAOS_SCENARIOS=kills,redis-stop runs only those named (kills, rolling-restart, database-stop,
// redis-stop, redis-long-stop, soak).
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { OrderCondition } from '@retouch/shared/orders';
import { openDatabase } from '../apps/server/src/db/client';
import { LedgerReason, orderProcessing, orders, users } from '../apps/server/src/db/schema/index';
import { findLedgerMismatches } from '../apps/server/src/modules/ledger/ledger.repository';
import { applyLedgerEntry } from '../apps/server/src/modules/ledger/ledger.service';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import { BENCH_PASSWORD, DEMO_CUSTOMER_EMAIL, logIn } from './bench-app';
import { Customer, Designer, Journal, Moderator, sendOrder, type Connection } from './chaos-actors';
import { LoadBalancer, emptyCounters, startChaosCluster, type ChaosInstance } from './chaos-cluster';
import { printTable, writeResult } from './report';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const WARMUP_MS = seconds('CHAOS_WARMUP_SECONDS', 10);
const AFTER_MS = seconds('CHAOS_AFTER_SECONDS', 20);
const DRAIN_MS = seconds('CHAOS_DRAIN_SECONDS', 120);
const KILL_DOWN_MS = seconds('CHAOS_KILL_DOWN_SECONDS', 5);
const BETWEEN_KILLS_MS = seconds('CHAOS_BETWEEN_KILLS_SECONDS', 15);
const DATABASE_STOP_MS = seconds('CHAOS_DATABASE_STOP_SECONDS', 20);
const REDIS_STOP_MS = seconds('CHAOS_REDIS_STOP_SECONDS', 20);
const LONG_REDIS_STOP_MS = seconds('CHAOS_LONG_REDIS_STOP_SECONDS', 90);
const SOAK_MS = seconds('CHAOS_SOAK_SECONDS', 600);
/** Staff whose socket dropped come back this late (the outside test's designers did not come back soon). */
const STAFF_RECONNECT_MS = seconds('CHAOS_STAFF_RECONNECT_SECONDS', 30);
/** A customer's browser reconnects at once (socket.io's first retry). */
const CUSTOMER_RECONNECT_MS = 1000;
const ORDERS_PER_MINUTE = count('CHAOS_ORDERS_PER_MINUTE', 30);
const CUSTOMERS = count('CHAOS_CUSTOMERS', 4);
const DESIGNERS = count('CHAOS_DESIGNERS', 4);
const MODERATORS = count('CHAOS_MODERATORS', 2);
const WORK_MS = count('CHAOS_WORK_MS', 1500);
/** An event counts as one the customer should have heard when their socket was up this long around it. */
const EVENT_MARGIN_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const cluster = await startChaosCluster({
  // Far above the traffic: a limit must never be what answers.
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_ACTION_RATE_LIMIT_PER_MINUTE: '100000',
});
const database = await openDatabase({ url: cluster.databaseUrl, poolSize: 4 });
const { db } = database;
const lb = new LoadBalancer(cluster.instances);
const [a] = cluster.instances;

/** Accounts made from a seeded one (its role and password), logged in once for the whole run. */
async function accounts(prefix: string, modelEmail: string, howMany: number) {
  const [model] = await db.select().from(users).where(eq(users.email, modelEmail));
  const made: Array<{ email: string; userId: string; cookie: string }> = [];
  for (let i = 0; i < howMany; i += 1) {
    const email = `${prefix}-${i}@retouch.local`;
    const userId = await insertUser(db, {
      email,
      passwordHash: model!.passwordHash,
      giveName: model!.giveName,
      familyName: `${prefix} ${i}`,
      roleId: model!.roleId,
      emailConfirmedAt: new Date(),
    });
    made.push({ email, userId, cookie: await logIn(a.url, email, BENCH_PASSWORD) });
  }
  return made;
}

const customerAccounts = await accounts('chaos-customer', DEMO_CUSTOMER_EMAIL, CUSTOMERS);
for (const customer of customerAccounts) {
  await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId: customer.userId,
      deltaMain: 10_000_000,
      deltaBonus: 0,
      reason: LedgerReason.adminAdjustment,
      idempotencyKey: `chaos-funds:${customer.userId}`,
    }),
  );
}
const designerAccounts = await accounts('chaos-designer', 'designer@retouch.local', DESIGNERS);
for (const designer of designerAccounts) {
  const shift = await lb.request('POST', '/api/executor/shift/toggle', { cookie: designer.cookie });
  if (shift.status !== 200) throw new Error(`a designer could not start a shift: ${shift.status}`);
}
const moderatorAccounts = await accounts('chaos-moderator', 'moderator@retouch.local', MODERATORS);

const services = (await (await fetch(`${a.url}/api/services`)).json()) as Array<{
  list: Array<{ _id: string; title: { user: string } }>;
}>;
const teethId = services.flatMap((group) => group.list).find((s) => s.title.user === 'Teeth whitening')!._id;
const png = (r: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 60 } } })
    .png()
    .toBuffer();
const photo = await png(120);
const resultPicture = await png(200);
const orderForm = () => {
  const form = new FormData();
  form.append('data', JSON.stringify({ order: { persons: [{ id: 'photo', orders: [{ id: teethId }] }] } }));
  form.append('original', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  form.append('draft', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'draft.png');
  return form;
};
const resultForm = () => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(resultPicture)], { type: 'image/png' }), 'result.png');
  return form;
};

interface People {
  customers: Customer[];
  designers: Array<{ designer: Designer; userId: string }>;
  moderators: Moderator[];
}

/** Everyone connected afresh for a scenario, staff searching. */
function connectPeople(journal: Journal): People {
  const people: People = {
    customers: customerAccounts.map(
      (account) => new Customer(account.email, account.cookie, lb, CUSTOMER_RECONNECT_MS),
    ),
    designers: designerAccounts.map((account) => ({
      userId: account.userId,
      designer: new Designer(
        account.email,
        account.cookie,
        lb,
        STAFF_RECONNECT_MS,
        WORK_MS,
        journal,
        resultForm,
      ),
    })),
    moderators: moderatorAccounts.map(
      (account) => new Moderator(account.email, account.cookie, lb, STAFF_RECONNECT_MS, WORK_MS, journal),
    ),
  };
  for (const person of [
    ...people.customers,
    ...people.designers.map((d) => d.designer),
    ...people.moderators,
  ])
    person.connect();
  return people;
}

function closePeople(people: People) {
  for (const person of [
    ...people.customers,
    ...people.designers.map((d) => d.designer),
    ...people.moderators,
  ])
    person.close();
}

/** Keyed sends at the steady rate, customers in turn, until stopped; answers the sends' statuses. */
function startTraffic(people: People, journal: Journal) {
  const statuses: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let turn = 0;
  const timer = setInterval(() => {
    const customer = people.customers[turn % people.customers.length]!;
    turn += 1;
    const sent = sendOrder(lb, customer, orderForm, journal).then(({ status }) => statuses.push(status));
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }, 60_000 / ORDERS_PER_MINUTE);
  return {
    statuses,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Restarts an instance that crashed (an orchestrator would); answers how many were. */
async function restartCrashed(): Promise<void> {
  for (const instance of cluster.instances) {
    if (instance.running) continue;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await instance.start();
        break;
      } catch (error) {
        if (attempt === 5) throw error;
        await sleep(2000);
      }
    }
  }
}

const DONE = [OrderCondition.done, OrderCondition.doneTipped] as number[];

/** Waits until every accepted order is done, or the drain time passes; answers the ones that are not. */
async function drain(orderIds: string[]): Promise<{ missing: string[]; unfinished: string[] }> {
  const deadline = Date.now() + DRAIN_MS;
  for (;;) {
    const rows = orderIds.length
      ? await db
          .select({ id: orders.id, condition: orders.condition })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [];
    const found = new Set(rows.map((row) => row.id));
    const missing = orderIds.filter((id) => !found.has(id));
    const unfinished = rows.filter((row) => !DONE.includes(row.condition)).map((row) => row.id);
    if ((missing.length === 0 && unfinished.length === 0) || Date.now() > deadline)
      return { missing, unfinished };
    await sleep(1000);
  }
}

/** The connection of a socket at `at`: the one open then, else the last one before. */
function connectionAt(connections: Connection[], at: number): Connection | undefined {
  const before = connections.filter((connection) => connection.from <= at);
  return before.find((connection) => connection.to === undefined || connection.to > at) ?? before.at(-1);
}

/** The designers' attempts at the orders (when each took one), from the database. */
async function executorAttempts(orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderProcessing)
    .where(and(inArray(orderProcessing.orderId, orderIds), eq(orderProcessing.kind, 'executor')));
}

type Attempt = Awaited<ReturnType<typeof executorAttempts>>[number];

/**
 * Orders given to a designer whose instance was dead at that moment: the process their socket was on had
 * died (killed, stopped or crashed) and they had not connected anywhere since.
 */
function ghostCaptures(attempts: Attempt[], people: People) {
  return attempts.filter((attempt) => {
    const designer = people.designers.find((each) => each.userId === attempt.executorId)?.designer;
    if (!designer || !attempt.dateStart) return false;
    const at = attempt.dateStart.getTime();
    const connection = connectionAt(designer.connections, at);
    if (!connection) return false;
    return connection.instance.downtimes.some(([from]) => from >= connection.from && from <= at);
  });
}

/** Orders held by two designers at once (overlapping attempts). */
async function doubleAssigned(orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db.execute(sql`
    select count(distinct x.order_id)::int as n
    from order_processing x join order_processing y
      on x.order_id = y.order_id and x.id < y.id and x.kind = 'executor' and y.kind = 'executor'
     and x.date_start < coalesce(y.date_end, now()) and y.date_start < coalesce(x.date_end, now())
    where x.order_id in (${sql.join(
      orderIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/** Orders with more than one charge in the ledger. */
async function chargedTwice(orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select order_id from token_ledger
      where reason = ${LedgerReason.orderCharge}
        and order_id in (${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      group by order_id having count(*) > 1) twice`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/**
 * `change orders` a customer's socket should have heard (it was connected around the change) and did
 * not; `unnoticed` are those after which the socket was not told to refetch either.
 */
function eventsMissed(journal: Journal, attempts: Attempt[], since: number) {
  let expected = 0;
  let missed = 0;
  let unnoticed = 0;
  /** The first few missed, for whoever looks into them: when (from the scenario's start) and where. */
  const samples: Array<{
    orderId: string;
    condition: number;
    atMs: number;
    socketOn: string;
    refetched: boolean;
  }> = [];
  for (const [orderId, order] of journal.orders) {
    const changes: Array<[number, number | undefined]> = [
      [OrderCondition.new, order.acceptedAt],
      // When it was taken, as the database says (a delivery retried reaches the designer later).
      ...attempts
        .filter((attempt) => attempt.orderId === orderId && attempt.dateStart)
        .map((attempt): [number, number] => [OrderCondition.inWork, attempt.dateStart!.getTime()]),
      [OrderCondition.resultReview, order.resultAt],
      [OrderCondition.done, order.doneAt],
    ];
    for (const [condition, at] of changes) {
      if (at === undefined) continue;
      const connection = connectionAt(order.customer.connections, at);
      const around =
        connection &&
        connection.from <= at - EVENT_MARGIN_MS &&
        (connection.to === undefined || connection.to >= at + EVENT_MARGIN_MS);
      if (!around || connection.instance.downAt(at)) continue;
      expected += 1;
      if (order.customer.heard.get(orderId)?.has(condition)) continue;
      missed += 1;
      const told = order.customer.refetches.some(
        (r) => r > at && (connection.to === undefined || r < connection.to),
      );
      if (!told) unnoticed += 1;
      if (samples.length < 20)
        samples.push({
          orderId,
          condition,
          atMs: at - since,
          socketOn: connection.instance.name,
          refetched: told,
        });
    }
  }
  return { expected, missed, unnoticed, samples };
}

/** From each fault's end, how long until an order sent after it was dispatched. */
function recoveryTimes(faultEnds: number[], journal: Journal) {
  return faultEnds.map((end) => {
    const dispatched = [...journal.orders]
      .filter(([orderId, order]) => order.sentAt >= end && journal.dispatchesOf(orderId).length > 0)
      .map(([orderId]) => journal.dispatchesOf(orderId)[0]!);
    return dispatched.length ? Math.min(...dispatched) - end : null;
  });
}

interface Scenario {
  name: string;
  what: string;
  /** Breaks things and mends them; answers when each fault ended. */
  fault(): Promise<number[]>;
}

async function stopAndRestart(instance: ChaosInstance, signal: NodeJS.Signals, downMs: number) {
  await instance.kill(signal);
  await sleep(downMs);
  await instance.start();
  return Date.now();
}

const scenarios: Scenario[] = [
  {
    name: 'kills',
    what: 'three kill -9 under traffic, A, B, A, each restarted after',
    async fault() {
      const ends: number[] = [];
      for (const instance of [cluster.instances[0], cluster.instances[1], cluster.instances[0]]) {
        ends.push(await stopAndRestart(instance, 'SIGKILL', KILL_DOWN_MS));
        await sleep(BETWEEN_KILLS_MS);
      }
      return ends;
    },
  },
  {
    name: 'rolling-restart',
    what: 'SIGTERM A, restart it, then B',
    async fault() {
      const ends: number[] = [];
      for (const instance of cluster.instances) {
        ends.push(await stopAndRestart(instance, 'SIGTERM', 0));
        await sleep(5000);
      }
      return [ends.at(-1)!];
    },
  },
  {
    name: 'database-stop',
    what: `PostgreSQL stopped ${DATABASE_STOP_MS / 1000} s`,
    async fault() {
      await cluster.postgres.stop();
      await sleep(DATABASE_STOP_MS);
      await cluster.postgres.start();
      return [Date.now()];
    },
  },
  {
    name: 'redis-stop',
    what: `Redis stopped ${REDIS_STOP_MS / 1000} s`,
    async fault() {
      await cluster.redis.stop();
      await sleep(REDIS_STOP_MS);
      await cluster.redis.start();
      return [Date.now()];
    },
  },
  {
    name: 'redis-long-stop',
    what: `Redis stopped ${LONG_REDIS_STOP_MS / 1000} s`,
    async fault() {
      await cluster.redis.stop();
      await sleep(LONG_REDIS_STOP_MS);
      await cluster.redis.start();
      return [Date.now()];
    },
  },
  {
    name: 'soak',
    what: `${SOAK_MS / 1000} s of steady traffic, nothing broken`,
    async fault() {
      await sleep(SOAK_MS);
      return [];
    },
  },
];

const only = process.env.CHAOS_SCENARIOS?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !scenarios.some((scenario) => scenario.name === name)) ?? [];
if (unknown.length)
  throw new Error(`no scenario ${unknown.join(', ')}: ${scenarios.map((s) => s.name).join(', ')}`);

async function play(scenario: Scenario) {
  console.log(`\n— ${scenario.name}: ${scenario.what}`);
  const journal = new Journal();
  lb.counters = emptyCounters();
  const crashesBefore = cluster.instances.reduce((sum, instance) => sum + instance.crashes, 0);
  const people = connectPeople(journal);
  await sleep(2000);
  const startedAt = Date.now();
  const rssBefore = await Promise.all(cluster.instances.map((instance) => instance.rssMb()));
  const traffic = startTraffic(people, journal);
  await sleep(WARMUP_MS);
  const faultEnds = await scenario.fault();
  await restartCrashed();
  await sleep(AFTER_MS);
  const rssAfter = await Promise.all(cluster.instances.map((instance) => instance.rssMb()));
  await traffic.stop();
  const accepted = [...journal.orders.keys()];
  const { missing, unfinished } = await drain(accepted);
  // Late events of the last approvals.
  await sleep(EVENT_MARGIN_MS);
  const attempts = await executorAttempts(accepted);
  const ghosts = ghostCaptures(attempts, people);
  const events = eventsMissed(journal, attempts, startedAt);
  const recovery = recoveryTimes(faultEnds, journal);
  const slowest = recovery.some((ms) => ms === null) ? null : Math.max(...(recovery as number[]));
  const row = {
    scenario: scenario.name,
    ordersSent: traffic.statuses.length,
    accepted: accepted.length,
    lost: missing.length + unfinished.length,
    chargedTwice: await chargedTwice(accepted),
    doubleAssigned: await doubleAssigned(accepted),
    serverErrors5xx: lb.counters.serverErrors,
    of5xx500: lb.counters.internalErrors,
    failedAfterRetry: lb.counters.failedAfterRetry,
    ghostCaptures: ghosts.length,
    eventsMissed: events.missed,
    timeToRecoverS: faultEnds.length === 0 ? '—' : slowest === null ? 'none' : Math.round(slowest / 100) / 10,
  };
  closePeople(people);
  const details = {
    ...row,
    what: scenario.what,
    lostMissingFromDatabase: missing.length,
    lostUnfinishedAfterDrain: unfinished.length,
    timedOutAtLoadBalancer: lb.counters.timedOut,
    retriedOnOtherInstance: lb.counters.retried,
    failedUnrepeatable: lb.counters.failedUnrepeatable,
    sendStatuses: Object.fromEntries(
      [...new Set(traffic.statuses)].map((status) => [
        status,
        traffic.statuses.filter((s) => s === status).length,
      ]),
    ),
    eventsExpected: events.expected,
    eventsMissedWithoutRefetch: events.unnoticed,
    eventsMissedSamples: events.samples,
    faultEndsMs: faultEnds.map((end) => end - startedAt),
    recoveryMs: recovery,
    instanceCrashes: cluster.instances.reduce((sum, instance) => sum + instance.crashes, 0) - crashesBefore,
    rssMb: { before: rssBefore, after: rssAfter },
  };
  // What a scenario left waiting must not reach the next one's designers.
  await lb.request('POST', '/api/test/orders/cancel-waiting', { cookie: customerAccounts[0]!.cookie });
  console.log(JSON.stringify(details));
  return { row, details };
}

const played = [];
try {
  for (const scenario of scenarios.filter((s) => !only || only.includes(s.name)))
    played.push(await play(scenario));
} finally {
  const mismatches = await findLedgerMismatches(db).catch((error: Error) => error.message);
  printTable(
    'Chaos (issue 34): per scenario',
    played.map(({ row }) => row),
  );
  await writeResult('chaos', {
    settings: {
      ordersPerMinute: ORDERS_PER_MINUTE,
      customers: CUSTOMERS,
      designers: DESIGNERS,
      moderators: MODERATORS,
      workMs: WORK_MS,
      staffReconnectMs: STAFF_RECONNECT_MS,
      warmupMs: WARMUP_MS,
      afterMs: AFTER_MS,
      drainMs: DRAIN_MS,
      killDownMs: KILL_DOWN_MS,
      betweenKillsMs: BETWEEN_KILLS_MS,
      databaseStopMs: DATABASE_STOP_MS,
      redisStopMs: REDIS_STOP_MS,
      longRedisStopMs: LONG_REDIS_STOP_MS,
      soakMs: SOAK_MS,
    },
    scenarios: played.map(({ details }) => details),
    ledgerMismatches: mismatches,
  });
  await database.close();
  await cluster.dispose();
}
