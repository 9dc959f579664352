import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { AdvisoryLock } from './locks';
import * as schema from './schema/index';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Applies pending migrations; on PostgreSQL under an advisory lock so instances never race. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { url: string; poolSize?: number } | { pgliteDir?: string; loadDataDir?: Blob | File };

/** Opens PostgreSQL when a URL is given, else embedded PGlite (on disk under pgliteDir, or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.loadDataDir);
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  let closing = false;
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => {
    if (!closing) process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
  });
  // A connection lost while a client is checked out (between two statements of a transaction) is
  // emitted on that client, where no pool listener is: unheard, it would crash the process. Its
  // next query fails instead (answered 503) and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [AdvisoryLock.migrations]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [AdvisoryLock.migrations]).catch(() => undefined);
        client.release();
      }
    },
    close() {
      closing = true;
      return pool.end();
    },
  };
}

/**
 * PGlite's buffer pool, inside the server's own memory: PostgreSQL's 128 MB default is touched whole at
 * start, which took the server from about 360 to 480 MB at rest (docs/decisions/0030). The embedded
 * database is for one instance and small data; its pages are also in the system's file cache.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(
  dir: string | undefined,
  loadDataDir: Blob | File | undefined,
): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await client.close();
    },
  };
}

/** Dumps a PGlite database (for test templates). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
