import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { vacuumLikeAutovacuum } from '../db/embedded-vacuum';
import { startPeriodic, type Periodic } from '../lib/periodic';

/** How often the embedded database is looked at: autovacuum's own default nap. */
const EMBEDDED_VACUUM_INTERVAL_MS = 60_000;

/** On embedded PGlite only (PostgreSQL has its autovacuum): db/embedded-vacuum.ts's pass every minute. */
export const embeddedVacuumPlugin = fp<{ driver: DatabaseHandle['driver'] }>(
  async (app: FastifyInstance, { driver }) => {
    if (driver !== 'pglite') return;
    let passes: Periodic | undefined;
    app.addHook('onReady', async () => {
      passes = startPeriodic(EMBEDDED_VACUUM_INTERVAL_MS, async () => {
        try {
          const tables = await vacuumLikeAutovacuum(app.db);
          if (tables.length > 0) app.log.debug({ tables }, 'vacuumed the embedded database');
        } catch (error) {
          app.log.error(error, 'vacuuming the embedded database failed');
        }
      });
    });
    app.shutdown.stopWork('embedded database vacuum', async () => passes?.stop());
  },
);
