import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum worker runs: every row version an
 * UPDATE or DELETE leaves stays in its table and indexes, and no table is analyzed again after it grows.
 * The tables that change all the time (the outbox, the search queues, presence, orders) only grow, and
 * the planner works from the statistics of an empty database. A pass does what autovacuum would with
 * its defaults: vacuums a table once its dead rows pass 50 + 20 % of its live ones, and analyzes it once
 * the rows changed since its last analysis pass 50 + 10 % of them.
 */
export async function vacuumLikeAutovacuum(db: Database): Promise<string[]> {
  // A backend reports its counts at most every second, and a single-user one may never idle to do it.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const found = await db.execute(sql`
    select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
    where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
    order by n_dead_tup desc`);
  const names = (found as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
  // One statement each: VACUUM runs outside any transaction, and the database serves others in between.
  for (const name of names) await db.execute(sql.raw(`vacuum (analyze) ${name}`));
  return names;
}
