import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodic } from '../lib/periodic';

/** A count older than this many passes is of an instance that stopped: it is left out. */
const STALE_PASSES = 3;
/** Above its fair share by this much (and at least `MIN_EXCESS` sockets), an instance sheds the rest. */
const TOLERANCE = 1.2;
const MIN_EXCESS = 2;
/** Passes skipped at most after sockets let go came back (an hour at the default period). */
const MAX_SKIPPED_PASSES = 64;

/**
 * How many of its sockets an instance holding `local` should let go, given every live instance's
 * count (its own among them): those above its fair share when it holds clearly more than that.
 */
export function socketsToShed(local: number, counts: readonly number[]): number {
  const instances = Math.max(counts.length, 1);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const fair = Math.ceil(total / instances);
  const excess = local - fair;
  return local > fair * TOLERANCE && excess >= MIN_EXCESS ? excess : 0;
}

/**
 * Sockets rebalance after a restart (issue 34): a restarted instance starts with none, while the others
 * hold every client that reconnected to them meanwhile. Each instance publishes its count in Redis
 * every `SOCKET_REBALANCE_SECONDS`; one holding clearly more than its share closes the transport of
 * its newest excess sockets, spread over the period. socket.io clients reconnect on their own after a
 * transport close (not after a server `disconnect`), through the load balancer, to any instance; the
 * web app then reads its screen again, as after any reconnect. Without Redis, or with the period 0,
 * nothing runs.
 */
export const socketRebalancePlugin = fp(async (app: FastifyInstance) => {
  const periodSeconds = app.config.SOCKET_REBALANCE_SECONDS;
  const redis = app.redis;
  if (!redis || periodSeconds === 0) return;
  const key = `${redis.prefix}socket-counts`;
  const me = randomUUID();
  const shedding = new Set<NodeJS.Timeout>();
  /**
   * After letting sockets go, the count they left from; when most came back (a load balancer sticky by
   * address sends a client back where its address hashes), passes are skipped, twice as many each time.
   */
  let lastShed: { from: number; count: number } | undefined;
  let skip = 0;
  let skipped = 0;

  async function pass() {
    if (!redis!.available()) return;
    if (skipped < skip) {
      skipped += 1;
      return;
    }
    skipped = 0;
    const sockets = [...app.io.of('/').sockets.values()];
    const now = Date.now();
    await redis!.client.hset(key, me, `${sockets.length}:${now}`);
    const counts: number[] = [];
    for (const [instance, value] of Object.entries(await redis!.client.hgetall(key))) {
      const [count, at] = value.split(':').map(Number);
      if (now - at! <= STALE_PASSES * periodSeconds * 1000) counts.push(count!);
      else await redis!.client.hdel(key, instance);
    }
    if (lastShed) {
      const cameBack = sockets.length > lastShed.from - lastShed.count / 2;
      skip = cameBack ? Math.min(Math.max(1, skip * 2), MAX_SKIPPED_PASSES) : 0;
      lastShed = undefined;
      if (cameBack) return;
    }
    const shed = socketsToShed(sockets.length, counts);
    if (shed === 0) return;
    lastShed = { from: sockets.length, count: shed };
    app.log.info({ sockets: sockets.length, shed }, 'letting sockets go to rebalance the instances');
    // The newest go: they are as good as any, and the long-lived ones stay undisturbed.
    for (const socket of sockets.slice(-shed)) {
      const timer = setTimeout(
        () => {
          shedding.delete(timer);
          socket.conn.close();
        },
        Math.random() * periodSeconds * 1000,
      );
      shedding.add(timer);
    }
  }

  const timer = startPeriodic(periodSeconds * 1000, () =>
    pass().catch((error: unknown) => app.log.warn({ err: error }, 'socket counts not shared')),
  );
  app.shutdown.stopWork('socket rebalancing', async () => {
    await timer.stop();
    for (const pending of shedding) clearTimeout(pending);
    await redis.client.hdel(key, me).catch(() => undefined);
  });
});
