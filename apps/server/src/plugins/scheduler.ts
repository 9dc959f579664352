import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SocketEvent } from '@retouch/shared/realtime';
import { startPeriodic, type Periodic } from '../lib/periodic';
import { expireOldPictures } from '../modules/accounts/picture-retention';
import { removeOldIdempotentRequests } from '../modules/idempotency/idempotency.service';
import { expireInactiveBalances } from '../modules/ledger/token-expiry';
import { removeOrphanPictures } from '../modules/orders/orphan-pictures';

/** Periodic jobs every instance runs; each job takes its own lock, so running them everywhere is safe. */
export const schedulerPlugin = fp(async (app: FastifyInstance) => {
  const intervalMs = app.config.JOBS_INTERVAL_SECONDS * 1000;
  if (intervalMs === 0) return;
  const runJobs = async () => {
    try {
      const expired = await expireInactiveBalances(app.db, app.clock.now(), (userId, balance) =>
        app.realtime.toUser(userId, SocketEvent.balance, balance),
      );
      if (expired > 0) app.log.info({ expired }, 'expired the tokens of inactive accounts');
    } catch (error) {
      app.log.error(error, 'scheduled jobs failed');
    }
    try {
      // Orders are claimed with SKIP LOCKED, so instances running this at once share the work.
      const orders = await expireOldPictures(app, app.clock.now(), {
        retentionDays: app.config.PICTURE_RETENTION_DAYS,
      });
      if (orders > 0) app.log.info({ orders }, 'deleted the pictures of orders past retention');
    } catch (error) {
      app.log.error(error, 'the picture retention job failed');
    }
    try {
      // Files carry the real clock's write times: compared with it, not with a clock tests move.
      const folders = await removeOrphanPictures(app, new Date());
      if (folders > 0) app.log.info({ folders }, 'removed the pictures of orders that never committed');
    } catch (error) {
      app.log.error(error, 'the orphan picture sweep failed');
    }
    try {
      const keys = await removeOldIdempotentRequests(app.db, app.clock.now());
      if (keys > 0) app.log.info({ keys }, 'forgot the answers of idempotency keys past their time');
    } catch (error) {
      app.log.error(error, 'the idempotency key clean-up failed');
    }
  };
  let jobs: Periodic | undefined;
  app.addHook('onReady', async () => {
    jobs = startPeriodic(intervalMs, runJobs);
  });
  app.shutdown.stopWork('scheduled jobs', async () => jobs?.stop());
});
