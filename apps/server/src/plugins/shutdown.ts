import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RealtimeServer } from './realtime';

type Step = { name: string; run: () => Promise<void> };

/** What a plugin does when its instance goes away (docs/decisions/0016-operations.md). */
interface Shutdown {
  /** Stops a timer and waits for its running pass; runs first, while sockets and the database still work. */
  stopWork(name: string, run: () => Promise<void>): void;
  /** Runs once this instance's sockets are gone, before the database closes: gives back what only they justified. */
  handBack(name: string, run: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

/** How long dropped sockets may take to report their disconnect before hand-back runs anyway. */
const SOCKET_DROP_WAIT_MS = 2000;
/** While closing, keep-alive connections that go idle are closed this often. */
const IDLE_CONNECTION_REAP_MS = 50;

async function runSteps(app: FastifyInstance, phase: string, steps: Step[]): Promise<void> {
  const results = await Promise.allSettled(steps.map((step) => step.run()));
  results.forEach((result, index) => {
    if (result.status === 'rejected')
      app.log.error({ err: result.reason, step: steps[index]!.name }, `shutdown: ${phase} failed`);
  });
}

/**
 * Closes this instance's sockets without socket.io's "server disconnect" packet: clients see a lost
 * transport and reconnect (through the load balancer, to another instance), as they would after a crash.
 * New handshakes are refused meanwhile, so that none lands here again.
 */
async function dropLocalSockets(io: RealtimeServer): Promise<void> {
  io.engine.opts.allowRequest = (_request, answer) => answer('shutting down', false);
  const sockets = io.of('/').sockets;
  for (const socket of sockets.values()) socket.conn.close();
  const deadline = Date.now() + SOCKET_DROP_WAIT_MS;
  while (sockets.size > 0 && Date.now() < deadline) await delay(10);
}

/**
 * The graceful part of `app.close()`: timers stop and finish their pass, sockets are dropped, then what
 * this instance's sockets held is handed back; Fastify then finishes in-flight requests and the database
 * closes last. Registered before the realtime plugin, so that this runs before its own preClose.
 */
export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  const stopping: Step[] = [];
  const handingBack: Step[] = [];
  app.decorate('shutdown', {
    stopWork: (name, run) => void stopping.push({ name, run }),
    handBack: (name, run) => void handingBack.push({ name, run }),
  } satisfies Shutdown);

  // Node's server.close() waits for every keep-alive connection, which Fastify keeps open for 72 s:
  // answers sent while closing end their connection, and connections left idle are closed.
  let closing = false;
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearInterval(reaper));

  app.addHook('preClose', async () => {
    closing = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_CONNECTION_REAP_MS);
    reaper.unref();
    await runSteps(app, 'stop work', stopping);
    if (app.hasDecorator('io')) await dropLocalSockets(app.io);
    await runSteps(app, 'hand back', handingBack);
  });
});

/**
 * SIGTERM or SIGINT closes the app, then runs `afterClose` (the database); past `timeoutMs` the process
 * exits anyway. Further signals are ignored meanwhile: a terminal and the wrappers around the process
 * (npm, scripts/start.mjs) often deliver the same one twice, which must not cut the close short.
 */
export function closeOnSignals(
  app: FastifyInstance,
  timeoutMs: number,
  afterClose: () => Promise<void>,
): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return app.log.info(`${signal} received again, still closing`);
    closing = true;
    app.log.info(`${signal} received, closing`);
    const forced = setTimeout(() => {
      // Written directly: a logger's worker thread would not flush before the exit.
      process.stderr.write(`Retouch: shutdown took longer than ${timeoutMs} ms, exiting anyway\n`);
      process.exit(1);
    }, timeoutMs);
    forced.unref();
    app
      .close()
      .then(afterClose)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
}
