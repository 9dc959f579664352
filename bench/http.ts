// HTTP benchmark: a bare route on the app beside the public and customer endpoints, in one run, with
// autocannon (50 connections, 10 s a target). Embedded PGlite, or with `--postgres` a scratch database
// on the PostgreSQL server. Prints req/s, p50/p99 latency and each target's ratio to the bare route
// (measured first and last, the mean of both); writes bench/results/http.json (http-postgres.json).
import autocannon from 'autocannon';
import { toPublicCatalog } from '../apps/server/src/modules/catalog/catalog.presenter';
import { loadCatalogRows } from '../apps/server/src/modules/catalog/catalog.repository';
import { findUserByEmail } from '../apps/server/src/modules/users/users.repository';
import {
  DEMO_CUSTOMER_EMAIL,
  databaseKindFromArgs,
  logIn,
  openBenchDatabase,
  startBenchServer,
} from './bench-app';
import { insertOrders, loadFixtureRefs } from './order-fixtures';
import { printTable, writeResult } from './report';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const CUSTOMER_ORDERS = 50;

const kind = databaseKindFromArgs();
const bench = await openBenchDatabase(kind, {}, POOL_SIZE);
try {
  const { db } = bench.database;
  const customer = await findUserByEmail(db, DEMO_CUSTOMER_EMAIL);
  await insertOrders(db, await loadFixtureRefs(db), {
    count: CUSTOMER_ORDERS,
    customerId: customer!.id,
    customerEvery: 1,
    otherCustomers: 1,
  });
  const { app, address } = await startBenchServer(bench, (app) => {
    // The floor: a route that does nothing, behind the same global hooks (helmet, cookies) as the others.
    app.get('/bench/bare', async () => ({ ok: true }));
    // The public catalogue built on every request, to show what the cache saves.
    app.get('/bench/services-uncached', async () => toPublicCatalog(await loadCatalogRows(db)));
  });
  const cookie = await logIn(address, DEMO_CUSTOMER_EMAIL);

  const targets: Array<{ name: string; path: string; headers: Record<string, string> }> = [
    { name: 'bare route', path: '/bench/bare', headers: {} },
    { name: 'GET /api/services (cached)', path: '/api/services', headers: {} },
    { name: 'public catalogue built per request (uncached)', path: '/bench/services-uncached', headers: {} },
    {
      name: `GET /api/orders/user/ (authenticated, first page of ${CUSTOMER_ORDERS} orders)`,
      path: '/api/orders/user/',
      headers: { cookie },
    },
    { name: 'GET /api/user/info (authenticated)', path: '/api/user/info', headers: { cookie } },
    { name: 'GET /api/auth/check (authenticated)', path: '/api/auth/check', headers: { cookie } },
    // Measured again last: on a busy machine the floor moves, and the ratios use the mean of both runs.
    { name: 'bare route (again, last)', path: '/bench/bare', headers: {} },
  ];

  const runs = [];
  for (const target of targets) {
    const check = await fetch(`${address}${target.path}`, { headers: target.headers });
    if (check.status !== 200)
      throw new Error(`${target.path} answered ${check.status}: ${await check.text()}`);
    // A short unmeasured run first, so that the measured one finds the code compiled and the caches warm.
    await autocannon({
      url: `${address}${target.path}`,
      connections: CONNECTIONS,
      duration: 1,
      headers: target.headers,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the warm-up's last requests finish
    const run = await autocannon({
      url: `${address}${target.path}`,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: target.headers,
    });
    runs.push({
      name: target.name,
      requestsPerSecond: Math.round(run.requests.total / run.duration),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
      timeouts: run.timeouts,
    });
  }
  const bare = (runs[0]!.requestsPerSecond + runs.at(-1)!.requestsPerSecond) / 2;
  const results = runs.map((run) => ({
    ...run,
    ratioToBare: Number((run.requestsPerSecond / bare).toFixed(3)),
  }));
  printTable(
    `HTTP on ${kind}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s a target`,
    results.map((result) => ({
      target: result.name,
      'req/s': result.requestsPerSecond,
      'p50 ms': result.latencyP50Ms,
      'p99 ms': result.latencyP99Ms,
      'ratio to bare': result.ratioToBare,
      'non-2xx': result.non2xx,
      'errors (timeouts)': `${result.errors} (${result.timeouts})`,
    })),
  );
  await writeResult(kind === 'PostgreSQL' ? 'http-postgres' : 'http', {
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    database: kind,
    poolSize: kind === 'PostgreSQL' ? POOL_SIZE : null,
    bareRequestsPerSecond: Math.round(bare),
    results,
  });
  await app.close();
  // Timeouts are figures of an overloaded server; an answer other than 2xx is a broken bench.
  if (results.some((result) => result.non2xx > 0)) {
    console.log('FAIL: some requests were not answered 2xx');
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}
