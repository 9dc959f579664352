// HTTP benchmark: a bare Fastify route beside the accounts endpoints, in one run, on the embedded database.
// Prints req/s and latency percentiles and writes them to bench/results/http.json.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { toPublicCatalog } from '../apps/server/src/modules/catalog/catalog.presenter';
import { loadCatalogRows } from '../apps/server/src/modules/catalog/catalog.repository';
import { openDatabase } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/seed';
import { createStorage } from '../apps/server/src/storage/local-storage';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DEMO_PASSWORD: 'bench-password',
  NODE_ENV: 'test',
});
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
await database.migrate();
await seedIfEmpty(database.db, config, createStorage(config));
const app = await buildApp(config, { database });
app.get('/bench/bare', async () => ({ ok: true }));
// The public catalogue built on every request, to show what the cache saves.
app.get('/bench/services-uncached', async () => toPublicCatalog(await loadCatalogRows(database.db)));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const login = await fetch(`${address}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'customer@retouch.local', password: 'bench-password' }),
});
const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';

const targets = [
  { name: 'bare route', path: '/bench/bare', headers: {} },
  { name: 'GET /api/services (cached)', path: '/api/services', headers: {} },
  { name: 'public catalogue built per request (uncached)', path: '/bench/services-uncached', headers: {} },
  { name: 'GET /api/user/info (authenticated)', path: '/api/user/info', headers: { cookie } },
  { name: 'GET /api/auth/check (authenticated)', path: '/api/auth/check', headers: { cookie } },
];

const results = [];
for (const target of targets) {
  const run = await autocannon({
    url: `${address}${target.path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: target.headers,
  });
  results.push({
    name: target.name,
    requestsPerSecond: Math.round(run.requests.average),
    latencyP50Ms: run.latency.p50,
    latencyP99Ms: run.latency.p99,
    non2xx: run.non2xx,
    errors: run.errors,
  });
}
const bare = results[0]!.requestsPerSecond;
const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  connections: CONNECTIONS,
  durationSeconds: DURATION_SECONDS,
  database: 'PGlite',
  results: results.map((r) => ({ ...r, ratioToBare: Number((r.requestsPerSecond / bare).toFixed(3)) })),
};
console.table(report.results);
const resultsDir = path.join(import.meta.dirname, 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, 'http.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`written to ${path.join(resultsDir, 'http.json')}`);

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
