// HTTP benchmark: a bare route on the app beside the public and customer endpoints, in one run, with
// autocannon (50 connections, 3 rounds of 4 s a target). Embedded PGlite, or with `--postgres` a scratch
// database on the PostgreSQL server. Prints req/s, p50/p99 latency and each target's ratio to the bare
// route (measured just before and just after each run, the mean of both), medians of the rounds; writes
// bench/results/http.json (http-postgres.json) with the goals of issue 20.
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
import { goal, percentile, printGoals, printTable, writeResult, type Goal } from './report';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds of one measured run; a target gets ROUNDS of them. */
const ROUND_SECONDS = Number(process.env.BENCH_DURATION ?? 4);
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

  const bareTarget = { name: 'bare route', path: '/bench/bare', headers: {} };
  const targets: Array<{ name: string; path: string; headers: Record<string, string> }> = [
    { name: 'GET /api/services (cached)', path: '/api/services', headers: {} },
    { name: 'public catalogue built per request (uncached)', path: '/bench/services-uncached', headers: {} },
    {
      name: `GET /api/orders/user/ (authenticated, first page of ${CUSTOMER_ORDERS} orders)`,
      path: '/api/orders/user/',
      headers: { cookie },
    },
    { name: 'GET /api/user/info (authenticated)', path: '/api/user/info', headers: { cookie } },
    { name: 'GET /api/auth/check (authenticated)', path: '/api/auth/check', headers: { cookie } },
  ];

  const measure = async (target: (typeof targets)[number], seconds: number) => {
    const run = await autocannon({
      url: `${address}${target.path}`,
      connections: CONNECTIONS,
      duration: seconds,
      headers: target.headers,
    });
    return {
      name: target.name,
      requestsPerSecond: Math.round(run.requests.total / run.duration),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
      timeouts: run.timeouts,
    };
  };
  for (const target of [bareTarget, ...targets]) {
    const check = await fetch(`${address}${target.path}`, { headers: target.headers });
    if (check.status !== 200)
      throw new Error(`${target.path} answered ${check.status}: ${await check.text()}`);
    // A short unmeasured run, so that the measured ones find the code compiled and the caches warm.
    await measure(target, 1);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the warm-ups' last requests finish

  // On a shared machine the floor moves. Each target is measured in ROUNDS short runs, each between two
  // runs of the bare route, and a run's ratio is to the mean of those two; a target's figures are the
  // median of its rounds (the spread is written beside them), so one noisy moment moves no goal.
  const bareRuns = [await measure(bareTarget, ROUND_SECONDS)];
  const rounds = new Map<string, Array<Awaited<ReturnType<typeof measure>> & { ratioToBare: number }>>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const run = await measure(target, ROUND_SECONDS);
      bareRuns.push(await measure(bareTarget, ROUND_SECONDS));
      const around = (bareRuns.at(-2)!.requestsPerSecond + bareRuns.at(-1)!.requestsPerSecond) / 2;
      const ratioToBare = Number((run.requestsPerSecond / around).toFixed(3));
      rounds.set(target.name, [...(rounds.get(target.name) ?? []), { ...run, ratioToBare }]);
    }
  }
  const median = (values: number[]) => percentile(values, 50);
  const results = targets.map((target) => {
    const runs = rounds.get(target.name)!;
    const ratios = runs.map((run) => run.ratioToBare);
    return {
      name: target.name,
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      latencyP50Ms: median(runs.map((run) => run.latencyP50Ms)),
      latencyP99Ms: median(runs.map((run) => run.latencyP99Ms)),
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
      ratioToBare: median(ratios),
      rounds: { ratios, latencyP99Ms: runs.map((run) => run.latencyP99Ms) },
    };
  });
  const bare = bareRuns.reduce((sum, run) => sum + run.requestsPerSecond, 0) / bareRuns.length;
  const bareRps = bareRuns.map((run) => run.requestsPerSecond);
  results.unshift({
    ...bareRuns[0]!,
    requestsPerSecond: Math.round(bare),
    latencyP50Ms: median(bareRuns.map((run) => run.latencyP50Ms)),
    latencyP99Ms: median(bareRuns.map((run) => run.latencyP99Ms)),
    ratioToBare: 1,
    rounds: { ratios: [], latencyP99Ms: bareRuns.map((run) => run.latencyP99Ms) },
  });
  printTable(
    `HTTP on ${kind}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s a target (medians)`,
    results.map((result) => ({
      target: result.name,
      'req/s': result.requestsPerSecond,
      'p50 ms': result.latencyP50Ms,
      'p99 ms': result.latencyP99Ms,
      'ratio to bare': result.ratioToBare,
      'ratio by round': result.rounds.ratios.join(' '),
      'non-2xx': result.non2xx,
      'errors (timeouts)': `${result.errors} (${result.timeouts})`,
    })),
  );
  // By name: `results` starts with the bare route, so its indexes are not the targets'.
  const byPath = (path: string) => {
    const name = targets.find((target) => target.path === path)!.name;
    return results.find((result) => result.name === name)!;
  };
  const history = byPath('/api/orders/user/');
  const goals: Goal[] = [];
  if (kind === 'PostgreSQL') {
    for (const path of ['/api/user/info', '/api/auth/check']) {
      const run = byPath(path);
      goals.push(
        goal(`GET ${path} req/s ÷ bare route (PostgreSQL)`, run.ratioToBare, '≥', 0.5),
        goal(`GET ${path} p99 at ${CONNECTIONS} connections (PostgreSQL)`, run.latencyP99Ms, '<', 25, 'ms'),
      );
    }
    goals.push(
      goal(
        `GET /api/orders/user/ first page of ${CUSTOMER_ORDERS} req/s ÷ bare route (PostgreSQL)`,
        history.ratioToBare,
        '≥',
        0.25,
      ),
    );
  } else {
    goals.push(
      goal(
        `GET /api/orders/user/ first page of ${CUSTOMER_ORDERS} p99 at ${CONNECTIONS} connections (PGlite)`,
        history.latencyP99Ms,
        '<',
        500,
        'ms',
      ),
    );
  }
  printGoals(goals);
  await writeResult(kind === 'PostgreSQL' ? 'http-postgres' : 'http', {
    connections: CONNECTIONS,
    rounds: ROUNDS,
    roundSeconds: ROUND_SECONDS,
    database: kind,
    poolSize: kind === 'PostgreSQL' ? POOL_SIZE : null,
    bareRequestsPerSecond: Math.round(bare),
    bareRuns: { count: bareRps.length, min: Math.min(...bareRps), max: Math.max(...bareRps) },
    results,
    goals,
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
