import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Per table of the public schema: its row count and the newest row version's transaction id. Any
 * committed insert, update or delete changes one of the two, so equal digests mean nothing was written.
 */
export type TableDigests = Record<string, { rows: number; newestXmin: number | null }>;

/**
 * Tables the clock writes, not requests: each instance's heartbeat renews the presence of the staff
 * connected to it every few seconds. Their rows are counted, their renewals not.
 */
const RENEWED_BY_TIME = new Set(['staff_presence']);

let tableNames: Promise<string[]> | undefined;

async function digestTables(db: Executor): Promise<TableDigests> {
  tableNames ??= db
    .execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
    .then((result) => (result as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name));
  const names = await tableNames;
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as rows, ${
          RENEWED_BY_TIME.has(name) ? 'null::float8' : 'max(xmin::text::bigint)::float8'
        } as "newestXmin" from "${name}"`,
    )
    .join(' union all ');
  const result = (await db.execute(sql.raw(query))) as unknown as {
    rows: Array<{ name: string; rows: number; newestXmin: number | null }>;
  };
  return Object.fromEntries(result.rows.map(({ name, ...digest }) => [name, digest]));
}

/** Every file under a folder (relative paths, sorted): stored pictures and written mails. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The database's and the data folder's state together. */
export async function snapshotState(db: Executor, dataDir: string) {
  return { tables: await digestTables(db), files: await listFiles(dataDir) };
}
