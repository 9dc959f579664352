import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SocketEvent } from '@retouch/shared/realtime';
import { expireInactiveBalances } from '../modules/ledger/token-expiry';

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
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void runJobs(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
