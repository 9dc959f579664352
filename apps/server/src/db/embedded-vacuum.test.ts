import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { vacuumLikeAutovacuum } from './embedded-vacuum';
import { COLD_EMBEDDED_START_MS } from '../../test/limits';

type TableStats = { n_dead_tup: number; n_live_tup: number; vacuumed: boolean; analyzed: boolean };

/**
 * On the embedded database, whatever TEST_DATABASE_URL says: PostgreSQL runs its own autovacuum, PGlite
 * (single-user mode) none.
 */
describe('the embedded database without autovacuum', () => {
  it(
    'vacuums and analyzes a table that churned past autovacuum’s thresholds, and leaves a quiet one',
    async () => {
      const database = await openDatabase({});
      const { db } = database;
      const stats = async (table: string) => {
        await db.execute(sql`select pg_stat_force_next_flush()`);
        const found = (await db.execute(sql`
        select n_dead_tup::int, n_live_tup::int, last_vacuum is not null as vacuumed,
               last_analyze is not null as analyzed
        from pg_stat_user_tables where relname = ${table}`)) as unknown as { rows: TableStats[] };
        return found.rows[0]!;
      };
      try {
        await db.execute(sql`create table churned (id serial primary key, payload text not null)`);
        await db.execute(sql`create table quiet (id serial primary key)`);
        await db.execute(sql`insert into quiet select from generate_series(1, 10)`);
        // An outbox's life: rows written, then taken away, 300 times.
        for (let row = 0; row < 300; row += 1) {
          await db.execute(sql`insert into churned (payload) values (${'event'.repeat(40)})`);
          await db.execute(sql`delete from churned where id = (select min(id) from churned)`);
        }
        const before = await stats('churned');
        expect(before).toMatchObject({ n_live_tup: 0, vacuumed: false, analyzed: false });
        expect(before.n_dead_tup).toBeGreaterThan(50);

        const vacuumed = await vacuumLikeAutovacuum(db);

        expect(vacuumed).toContain('public.churned');
        expect(vacuumed).not.toContain('public.quiet');
        expect(await stats('churned')).toMatchObject({ n_dead_tup: 0, vacuumed: true, analyzed: true });
        expect(await vacuumLikeAutovacuum(db)).not.toContain('public.churned');
      } finally {
        await database.close();
      }
    },
    COLD_EMBEDDED_START_MS,
  );
});
