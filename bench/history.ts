// Order history benchmark: what GET /api/orders/user/ asks of the database (listUserOrders, one statement
// that builds the page as JSON) for one customer with 1 000 orders, first page and last page. On the
// PostgreSQL server when the orders table holds 10 000 and then 1 000 000 orders (made with
// generate_series, with the persons, entries and steps the history shows), then on embedded PGlite with
// 10 000 orders. Times listUserOrders over repeated runs, counts the statements it sends, records
// EXPLAIN (ANALYZE, BUFFERS) of each on PostgreSQL, and its plan without the customer index (dropped in
// a transaction that is rolled back), to show what the index is worth.
// Writes bench/results/history.json with its goals; exits non-zero if generating a scale took over
// 2 minutes.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';
import { historyQuerySchema, listUserOrders } from '../apps/server/src/modules/orders/order-history';
import { DEMO_CUSTOMER_EMAIL, openBenchDatabase, type BenchDatabase } from './bench-app';
import { bulkLoadOrders, insertCustomers, loadFixtureRefs } from './order-fixtures';
import { goal, printGoals, printTable, round, summarise, writeResult } from './report';

const SCALES = (process.env.BENCH_HISTORY_SCALES ?? '10000,1000000').split(',').map(Number);
const PGLITE_SCALE = Number(process.env.BENCH_HISTORY_PGLITE_ORDERS ?? 10000);
const CUSTOMER_ORDERS = Number(process.env.BENCH_HISTORY_CUSTOMER_ORDERS ?? 1000);
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 50);
const WARMUP_RUNS = 5;
const ORDERS_PER_OTHER_CUSTOMER = 100;
const GENERATION_LIMIT_SECONDS = 120;
const CUSTOMER_INDEX = 'orders_user_created_idx';
const JOINED_TABLES = ['orders', 'order_persons', 'order_items', 'order_processing', 'users'];

interface CapturedQuery {
  query: string;
  params: unknown[];
}

/** The plan's scans: which tables were read whole, which indexes were used, and how `orders` was read. */
function scansOf(plan: string[]) {
  const seqScans = new Set<string>();
  const indexes = new Set<string>();
  const ordersReadBy = new Set<string>();
  for (const line of plan) {
    const scan =
      /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using)? (?:on )?(\w+)(?: on (\w+))?/.exec(
        line,
      );
    if (!scan) continue;
    const [, kind, first, second] = scan;
    if (kind === 'Seq Scan') seqScans.add(first!);
    else indexes.add(first!);
    if ((kind === 'Seq Scan' ? first : second) === 'orders') {
      ordersReadBy.add(kind === 'Seq Scan' ? 'seq scan' : first!);
    }
  }
  return { seqScans: [...seqScans], indexes: [...indexes], ordersReadBy: [...ordersReadBy] };
}

const timeOf = (plan: string[], label: string) =>
  Number(plan.find((line) => line.startsWith(label))?.replace(/[^\d.]/g, '') ?? Number.NaN);

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, with what the report keeps of it. */
async function explain(client: pg.Pool | pg.PoolClient, { query, params }: CapturedQuery) {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query}`,
    params,
  );
  const plan = rows.map((row) => row['QUERY PLAN']);
  return {
    ...scansOf(plan),
    planningMs: timeOf(plan, 'Planning Time'),
    executionMs: timeOf(plan, 'Execution Time'),
    sql: query,
    params,
    plan,
  };
}

/** The plans of the statements as they would be without the index (dropped, then rolled back). */
async function explainWithout(pool: pg.Pool, index: string, queries: CapturedQuery[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`drop index ${index}`);
    const plans = [];
    for (const query of queries) plans.push(await explain(client, query));
    return plans;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

async function timed(runs: number, work: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP_RUNS; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const { p50Ms, p95Ms, maxMs } = summarise(times);
  return { medianMs: p50Ms, p95Ms, maxMs };
}

/** The same database through a drizzle that writes down what it sends. */
function recordingDatabase(bench: BenchDatabase, client: unknown, captured: CapturedQuery[]): Database {
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
  const db =
    bench.kind === 'PGlite'
      ? drizzlePglite(client as never, { schema, logger })
      : drizzleNodePg(client as pg.Pool, { schema, logger });
  return db as unknown as Database;
}

const firstPage = historyQuerySchema.parse({});
const lastPage = historyQuerySchema.parse({ page: String(Math.ceil(CUSTOMER_ORDERS / firstPage.limit)) });
const PAGES = [
  { name: 'first page', query: firstPage },
  { name: 'last page', query: lastPage },
];

/** The customer's orders among `scale`, the others' spread over customers of 100 orders each. */
async function loadScale(bench: BenchDatabase, customerId: string, scale: number) {
  const { db } = bench.database;
  const refs = await loadFixtureRefs(db);
  const otherCustomers = Math.ceil(scale / ORDERS_PER_OTHER_CUSTOMER);
  await insertCustomers(db, refs, otherCustomers);
  const started = performance.now();
  await bulkLoadOrders(db, refs, {
    count: scale,
    customerId,
    customerEvery: scale / CUSTOMER_ORDERS,
    otherCustomers,
  });
  return (performance.now() - started) / 1000;
}

/** Each page timed through listUserOrders, with the statements it sent (once prepared). */
async function measurePages(
  bench: BenchDatabase,
  customerId: string,
  recordingDb: Database,
  captured: CapturedQuery[],
) {
  const { db } = bench.database;
  const pages = [];
  for (const page of PAGES) {
    const endpoint = await timed(RUNS, () =>
      listUserOrders({ db, now: () => new Date() }, customerId, page.query),
    );
    const read = () => listUserOrders({ db: recordingDb, now: () => new Date() }, customerId, page.query);
    await read(); // PGlite prepares the statement on its first use on a database
    captured.length = 0;
    const answer = JSON.parse(await read()) as { orders: unknown[]; total: number };
    if (answer.total !== CUSTOMER_ORDERS || answer.orders.length !== page.query.limit) {
      throw new Error(`the history answered ${answer.orders.length} of ${answer.total} orders`);
    }
    pages.push({ page, endpoint, statements: [...captured] });
  }
  return pages;
}

async function customerOf(bench: BenchDatabase) {
  const [customer] = await bench.database.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
  return customer!.id;
}

async function onPostgres() {
  const bench = await openBenchDatabase('PostgreSQL', {}, 10);
  const pool = new pg.Pool({ connectionString: bench.config.DATABASE_URL, max: 4 });
  try {
    const captured: CapturedQuery[] = [];
    const recordingDb = recordingDatabase(bench, pool, captured);
    const customerId = await customerOf(bench);
    const { rows: version } = await pool.query<{ server_version: string }>('show server_version');
    const scales = [];
    for (const scale of SCALES) {
      const generationSeconds = await loadScale(bench, customerId, scale);
      // As autovacuum would have by then: statistics for the planner, visibility for index-only scans.
      const vacuumStarted = performance.now();
      await pool.query(`vacuum analyze ${JOINED_TABLES.join(', ')}`);
      const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
      const { rows: counts } = await pool.query<Record<string, string>>(
        `select ${JOINED_TABLES.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ')},
                (select count(distinct user_id) from orders) as customers_with_orders,
                pg_size_pretty(pg_total_relation_size('orders')) as orders_size`,
      );
      const { orders_size: ordersSize, ...rowCounts } = counts[0]!;

      const pages = [];
      for (const { page, endpoint, statements } of await measurePages(
        bench,
        customerId,
        recordingDb,
        captured,
      )) {
        const plans = [];
        for (const statement of statements) plans.push(await explain(pool, statement));
        const withoutIndex = await explainWithout(pool, CUSTOMER_INDEX, statements);
        pages.push({
          page: page.name,
          query: page.query,
          endpoint: { statements: statements.length, ...endpoint },
          seqScanOnOrders: plans.some((plan) => plan.ordersReadBy.includes('seq scan')),
          plans,
          withoutCustomerIndex: withoutIndex.map(
            ({ seqScans, indexes, ordersReadBy, executionMs, plan }) => ({
              seqScans,
              indexes,
              ordersReadBy,
              executionMs,
              plan,
            }),
          ),
        });
      }
      scales.push({
        orders: scale,
        rows: Object.fromEntries(Object.entries(rowCounts).map(([table, n]) => [table, Number(n)])),
        ordersTableWithIndexes: ordersSize,
        generationSeconds: round(generationSeconds),
        vacuumAnalyzeSeconds: round(vacuumSeconds),
        generationWithinLimit: generationSeconds <= GENERATION_LIMIT_SECONDS,
        pages,
      });
    }
    return { version: version[0]!.server_version.split(' ')[0]!, scales };
  } finally {
    await pool.end();
    await bench.close();
  }
}

async function onPglite() {
  const bench = await openBenchDatabase('PGlite');
  try {
    const captured: CapturedQuery[] = [];
    const client = (bench.database.db as unknown as { $client: unknown }).$client;
    const customerId = await customerOf(bench);
    const generationSeconds = await loadScale(bench, customerId, PGLITE_SCALE);
    await bench.database.db.execute(`analyze ${JOINED_TABLES.join(', ')}`);
    const measured = await measurePages(
      bench,
      customerId,
      recordingDatabase(bench, client, captured),
      captured,
    );
    return {
      orders: PGLITE_SCALE,
      generationSeconds: round(generationSeconds),
      pages: measured.map(({ page, endpoint, statements }) => ({
        page: page.name,
        query: page.query,
        endpoint: { statements: statements.length, ...endpoint },
        sent: statements.map((statement) => statement.query),
      })),
    };
  } finally {
    await bench.close();
  }
}

async function main() {
  if ([...SCALES, PGLITE_SCALE].some((scale) => scale % CUSTOMER_ORDERS !== 0)) {
    throw new Error(`every scale must be a multiple of the customer's ${CUSTOMER_ORDERS} orders`);
  }
  // Other work on the machine moves every figure: the load average is written down beside them.
  const loadAtStart = round(os.loadavg()[0]!);
  const postgres = await onPostgres();
  const pglite = await onPglite();
  const { scales } = postgres;

  printTable(
    `History of one customer with ${CUSTOMER_ORDERS} orders (${firstPage.limit} a page), ${RUNS} runs, median / p95 ms`,
    [
      ...scales.flatMap((scale) =>
        scale.pages.map((page) => {
          const [plan] = page.plans;
          const [without] = page.withoutCustomerIndex;
          return {
            database: 'PostgreSQL',
            orders: scale.orders,
            page: page.query.page,
            statements: page.endpoint.statements,
            listUserOrders: `${page.endpoint.medianMs} / ${page.endpoint.p95Ms}`,
            'orders read by': plan!.ordersReadBy.join(', '),
            'EXPLAIN planning + execution (ms)': `${plan!.planningMs} + ${plan!.executionMs}`,
            'without the index (ms)': without!.executionMs,
          };
        }),
      ),
      ...pglite.pages.map((page) => ({
        database: 'PGlite',
        orders: pglite.orders,
        page: page.query.page,
        statements: page.endpoint.statements,
        listUserOrders: `${page.endpoint.medianMs} / ${page.endpoint.p95Ms}`,
      })),
    ],
  );
  for (const scale of scales) {
    console.log(
      `${scale.orders} orders: generated in ${scale.generationSeconds} s (vacuum analyze ${scale.vacuumAnalyzeSeconds} s), orders table and indexes ${scale.ordersTableWithIndexes}`,
    );
  }
  const largest = scales.at(-1)!;
  const pageAt = (pages: typeof largest.pages, name: string) => pages.find((page) => page.page === name)!;
  const statementsPerPage = Math.max(
    ...scales.flatMap((scale) => scale.pages.map((page) => page.endpoint.statements)),
    ...pglite.pages.map((page) => page.endpoint.statements),
  );
  const goals = [
    goal('history: statements a page sends (PostgreSQL and PGlite)', statementsPerPage, '≤', 2),
    goal(
      `history: first page at ${largest.orders.toLocaleString('en')} orders, median (PostgreSQL)`,
      pageAt(largest.pages, 'first page').endpoint.medianMs,
      '≤',
      3,
      'ms',
    ),
    goal(
      `history: last page at ${largest.orders.toLocaleString('en')} orders, median (PostgreSQL)`,
      pageAt(largest.pages, 'last page').endpoint.medianMs,
      '≤',
      10,
      'ms',
    ),
    // 50 connections wait for one another on PGlite: a few ms each keeps their p99 under 500 ms.
    goal(
      `history: first page at ${pglite.orders.toLocaleString('en')} orders, median (PGlite)`,
      pglite.pages.find((page) => page.page === 'first page')!.endpoint.medianMs,
      '≤',
      5,
      'ms',
    ),
  ];
  printGoals(goals);
  await writeResult('history', {
    database: `PostgreSQL ${postgres.version}`,
    customerOrders: CUSTOMER_ORDERS,
    pageSize: firstPage.limit,
    runs: RUNS,
    customerIndex: CUSTOMER_INDEX,
    loadAverage: { start: loadAtStart, end: round(os.loadavg()[0]!) },
    note: 'endpoint: listUserOrders, the whole database work of GET /api/orders/user/ past the session (statements: what it sends once prepared); plans: EXPLAIN (ANALYZE, BUFFERS) of those statements',
    scales,
    pglite,
    goals,
  });
  const slow = scales.filter((scale) => !scale.generationWithinLimit);
  if (slow.length) {
    console.log(`FAIL: generating ${slow.map((s) => s.orders).join(', ')} orders took over 2 minutes`);
    process.exitCode = 1;
  }
}

await main();
