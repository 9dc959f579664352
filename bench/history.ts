// Order history benchmark on the PostgreSQL server: the queries behind GET /api/orders/user/ for one
// customer with 1 000 orders, first page and last page, when the orders table holds 10 000 and then
// 1 000 000 orders (made with generate_series, with the persons, entries and steps the history joins).
// Times the endpoint's whole query work (listUserOrders) and its two orders queries over repeated runs,
// records EXPLAIN (ANALYZE, BUFFERS) of every query it runs, and the orders queries' plans without the
// customer index (dropped in a transaction that is rolled back), to show what the index is worth.
// Writes bench/results/history.json; exits non-zero if generating a scale took over 2 minutes.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema/index';
import { historyQuerySchema, listUserOrders } from '../apps/server/src/modules/orders/order-history';
import { DEMO_CUSTOMER_EMAIL, openBenchDatabase } from './bench-app';
import { bulkLoadOrders, insertCustomers, loadFixtureRefs } from './order-fixtures';
import { printTable, round, summarise, writeResult } from './report';

const SCALES = (process.env.BENCH_HISTORY_SCALES ?? '10000,1000000').split(',').map(Number);
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

/** The main table of a query, to name it in the report. */
const tableOf = (query: string) => /\bfrom "(\w+)"/.exec(query)?.[1] ?? 'unknown';

/** The plan's scans: which tables were read whole, and which indexes were used. */
function scansOf(plan: string[]) {
  const seqScans = new Set<string>();
  const indexes = new Set<string>();
  for (const line of plan) {
    const seq = /Seq Scan on (\w+)/.exec(line);
    if (seq) seqScans.add(seq[1]!);
    const index = /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/.exec(
      line,
    );
    if (index) indexes.add(index[1]!);
  }
  return { seqScans: [...seqScans], indexes: [...indexes] };
}

const timeOf = (plan: string[], label: string) =>
  Number(plan.find((line) => line.startsWith(label))?.replace(/[^\d.]/g, '') ?? Number.NaN);

/** EXPLAIN (ANALYZE, BUFFERS) of one query, with what the report keeps of it. */
async function explain(client: pg.Pool | pg.PoolClient, { query, params }: CapturedQuery) {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query}`,
    params,
  );
  const plan = rows.map((row) => row['QUERY PLAN']);
  return {
    table: tableOf(query),
    ...scansOf(plan),
    planningMs: timeOf(plan, 'Planning Time'),
    executionMs: timeOf(plan, 'Execution Time'),
    sql: query,
    params,
    plan,
  };
}

/** The plans of the queries as they would be without the index (dropped, then rolled back). */
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

async function main() {
  if (SCALES.some((scale) => scale % CUSTOMER_ORDERS !== 0)) {
    throw new Error(`every scale must be a multiple of the customer's ${CUSTOMER_ORDERS} orders`);
  }
  const bench = await openBenchDatabase('PostgreSQL', {}, 10);
  const pool = new pg.Pool({ connectionString: bench.config.DATABASE_URL, max: 4 });
  try {
    const { db } = bench.database;
    // The same code through a drizzle that writes down what it sends, to EXPLAIN exactly those queries.
    let captured: CapturedQuery[] = [];
    const recordingDb = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => void captured.push({ query, params }) },
    }) as unknown as Database;

    const refs = await loadFixtureRefs(db);
    const [customer] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
    const customerId = customer!.id;
    const { rows: version } = await pool.query<{ server_version: string }>('show server_version');

    const firstPage = historyQuerySchema.parse({});
    const lastPage = historyQuerySchema.parse({ page: String(Math.ceil(CUSTOMER_ORDERS / firstPage.limit)) });
    const pages = [
      { name: 'first page', query: firstPage },
      { name: 'last page', query: lastPage },
    ];

    const scales = [];
    for (const scale of SCALES) {
      const otherCustomers = Math.ceil(scale / ORDERS_PER_OTHER_CUSTOMER);
      await insertCustomers(db, refs, otherCustomers);
      const generationStarted = performance.now();
      await bulkLoadOrders(db, refs, {
        count: scale,
        customerId,
        customerEvery: scale / CUSTOMER_ORDERS,
        otherCustomers,
      });
      const generationSeconds = (performance.now() - generationStarted) / 1000;
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

      const pageResults = [];
      for (const page of pages) {
        const endpoint = await timed(RUNS, () =>
          listUserOrders({ db, now: () => new Date() }, customerId, page.query),
        );
        captured = [];
        const answer = await listUserOrders(
          { db: recordingDb, now: () => new Date() },
          customerId,
          page.query,
        );
        const queries = captured;
        if (answer.total !== CUSTOMER_ORDERS || answer.orders.length !== page.query.limit) {
          throw new Error(`the history answered ${answer.orders.length} of ${answer.total} orders`);
        }
        const [pageQuery, countQuery] = queries as [CapturedQuery, CapturedQuery];
        const plans = [];
        for (const query of queries) plans.push(await explain(pool, query));
        const withoutIndex = await explainWithout(pool, CUSTOMER_INDEX, [pageQuery, countQuery]);
        pageResults.push({
          page: page.name,
          query: page.query,
          endpointQueries: { queries: queries.length, ...endpoint },
          pageQuery: await timed(RUNS, () => pool.query(pageQuery.query, pageQuery.params)),
          countQuery: await timed(RUNS, () => pool.query(countQuery.query, countQuery.params)),
          seqScanOnOrders: plans.some((plan) => plan.seqScans.includes('orders')),
          plans,
          withoutCustomerIndex: withoutIndex.map(({ table, seqScans, indexes, executionMs, plan }) => ({
            table,
            seqScans,
            indexes,
            executionMs,
            plan,
          })),
        });
      }
      scales.push({
        orders: scale,
        rows: Object.fromEntries(Object.entries(rowCounts).map(([table, n]) => [table, Number(n)])),
        ordersTableWithIndexes: ordersSize,
        generationSeconds: round(generationSeconds),
        vacuumAnalyzeSeconds: round(vacuumSeconds),
        generationWithinLimit: generationSeconds <= GENERATION_LIMIT_SECONDS,
        pages: pageResults,
      });
    }

    printTable(
      `History of one customer with ${CUSTOMER_ORDERS} orders (${firstPage.limit} a page), ${RUNS} runs, median / p95 ms`,
      scales.flatMap((scale) =>
        scale.pages.map((page) => {
          const [pagePlan, countPlan] = page.plans;
          const [pageWithout, countWithout] = page.withoutCustomerIndex;
          return {
            orders: scale.orders,
            page: page.query.page,
            'all queries': `${page.endpointQueries.medianMs} / ${page.endpointQueries.p95Ms}`,
            'page query': `${page.pageQuery.medianMs} / ${page.pageQuery.p95Ms}`,
            'count query': `${page.countQuery.medianMs} / ${page.countQuery.p95Ms}`,
            'orders read by': [...pagePlan!.indexes, ...pagePlan!.seqScans.map((t) => `seq scan ${t}`)].join(
              ', ',
            ),
            'page + count without the index (ms)': `${pageWithout!.executionMs} + ${countWithout!.executionMs}`,
            'with it (ms)': `${pagePlan!.executionMs} + ${countPlan!.executionMs}`,
          };
        }),
      ),
    );
    for (const scale of scales) {
      console.log(
        `${scale.orders} orders: generated in ${scale.generationSeconds} s (vacuum analyze ${scale.vacuumAnalyzeSeconds} s), orders table and indexes ${scale.ordersTableWithIndexes}`,
      );
    }
    await writeResult('history', {
      database: `PostgreSQL ${version[0]!.server_version.split(' ')[0]}`,
      customerOrders: CUSTOMER_ORDERS,
      pageSize: firstPage.limit,
      runs: RUNS,
      customerIndex: CUSTOMER_INDEX,
      note: 'endpointQueries: every query of listUserOrders (page, count, persons, entries, degrees, reasons, client, steps); pageQuery and countQuery: the two orders queries alone',
      scales,
    });
    const slow = scales.filter((scale) => !scale.generationWithinLimit);
    if (slow.length) {
      console.log(`FAIL: generating ${slow.map((s) => s.orders).join(', ')} orders took over 2 minutes`);
      process.exitCode = 1;
    }
  } finally {
    await pool.end();
    await bench.close();
  }
}

await main();
