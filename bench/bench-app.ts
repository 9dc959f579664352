// The server as the benches run it: in-process, silent, seeded, on embedded PGlite or on a scratch
// database of the PostgreSQL server (`--postgres`).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/seed';
import { createStorage } from '../apps/server/src/storage/create-storage';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

export const BENCH_PASSWORD = 'bench-password';
export const DEMO_CUSTOMER_EMAIL = 'customer@retouch.local';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/** PostgreSQL when the bench was started with `--postgres`, else PGlite. */
export const databaseKindFromArgs = (): DatabaseKind =>
  process.argv.includes('--postgres') ? 'PostgreSQL' : 'PGlite';

export interface BenchDatabase {
  kind: DatabaseKind;
  config: Config;
  database: DatabaseHandle;
  /** Closes the database and removes the data directory and the scratch database. */
  close(): Promise<void>;
}

/** A migrated, seeded database with the configuration that goes with it. */
export async function openBenchDatabase(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  poolSize = 20,
): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-bench-'));
  const scratch: ScratchDatabase | undefined =
    kind === 'PostgreSQL' ? await createScratchDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: BENCH_PASSWORD,
    NODE_ENV: 'test',
    JOBS_INTERVAL_SECONDS: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const database = await openDatabase(
    scratch ? { url: scratch.url, poolSize } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  await database.migrate();
  await seedIfEmpty(database.db, config, await createStorage(config));
  return {
    kind,
    config,
    database,
    async close() {
      await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchServer {
  app: FastifyInstance;
  address: string;
}

/** Builds the app on the database, lets the bench add routes, and listens on a free local port. */
export async function startBenchServer(
  bench: BenchDatabase,
  addRoutes: (app: FastifyInstance) => void = () => undefined,
): Promise<BenchServer> {
  const app = await buildApp(bench.config, { database: bench.database });
  addRoutes(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

/** The session cookie (name=value) of a password login. */
export async function logIn(address: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const answer = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = answer.headers.getSetCookie()[0]?.split(';')[0];
  if (answer.status !== 200 || !cookie) throw new Error(`login of ${email} answered ${answer.status}`);
  return cookie;
}
