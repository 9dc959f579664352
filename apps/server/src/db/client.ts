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
  /**
   * Takes a session-level advisory lock on a connection of its own and holds it until released or the
   * connection dies (then `lost` runs, once): others see it in `pg_locks` exactly while this process
   * and its connection live. Undefined when another session holds it, or the database is out of reach.
   */
  holdLock(space: number, key: number, lost: () => void): Promise<HeldLock | undefined>;
  close(): Promise<void>;
}

export interface HeldLock {
  release(): Promise<void>;
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
    async holdLock(space, key, lost) {
      // Keep-alive: a connection whose peer vanished (a host gone, not a process) is found out too.
      const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
      let released = false;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        if (!released) lost();
      };
      client.on('error', end);
      client.on('end', end);
      try {
        await client.connect();
        const { rows } = await client.query<{ held: boolean }>(
          'select pg_try_advisory_lock($1, $2) as held',
          [space, key],
        );
        if (rows[0]?.held) {
          return {
            async release() {
              released = true;
              await client.end().catch(() => undefined);
            },
          };
        }
      } catch {
        // Out of reach: the caller tries again.
      }
      released = true;
      await client.end().catch(() => undefined);
      return undefined;
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
    // One process, one connection: the lock lives as long as the database does.
    async holdLock(space, key) {
      const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [
        space,
        key,
      ]);
      if (!rows[0]?.held) return undefined;
      return {
        async release() {
          await client.query('select pg_advisory_unlock($1, $2)', [space, key]).catch(() => undefined);
        },
      };
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
