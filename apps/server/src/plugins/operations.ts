import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Resolves when the dependency answers; rejects (or times out) when it does not. */
type ReadinessCheck = () => Promise<void>;

interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | 'failing'>;
}

export interface Readiness {
  /** Adds a dependency /readyz must reach (the database is always checked). Names are unique. */
  add(name: string, check: ReadinessCheck): void;
  /** Runs every check at once. */
  run(): Promise<ReadinessReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** A check that has not answered by then counts as failing: a probe must not hang on a stuck dependency. */
const READINESS_CHECK_TIMEOUT_MS = 3000;
const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming request id is kept only when short and made of characters safe in any log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when sane (a load balancer's or another service's), else a UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

function withTimeout(check: ReadinessCheck, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

function createReadiness(app: FastifyInstance): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  return {
    add(name, check) {
      if (checks.has(name)) throw new Error(`readiness check ${name} is already registered`);
      checks.set(name, check);
    },
    async run() {
      const entries = [...checks];
      const results = await Promise.allSettled(
        entries.map(([, check]) => withTimeout(check, READINESS_CHECK_TIMEOUT_MS)),
      );
      const report: ReadinessReport = { ready: true, checks: {} };
      results.forEach((result, index) => {
        const name = entries[index]![0];
        report.checks[name] = result.status === 'fulfilled' ? 'ok' : 'failing';
        if (result.status === 'rejected') {
          report.ready = false;
          app.log.warn({ err: result.reason, check: name }, 'readiness check failed');
        }
      });
      return report;
    },
  };
}

/**
 * Liveness and readiness probes, and request ids echoed to the caller. The probes need no session, are
 * never rate limited, and answer JSON (the web app's fallback never sees them).
 */
export const operationsPlugin = fp(async (app: FastifyInstance) => {
  const readiness = createReadiness(app);
  readiness.add('database', async () => {
    await app.db.execute(sql`select 1`);
  });
  app.decorate('readiness', readiness);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  const probe = { config: { rateLimit: false as const } };

  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', probe, async (_request, reply) => {
    const { ready, checks } = await readiness.run();
    reply.header('cache-control', 'no-store');
    if (ready) return { status: 'ok', checks };
    const failing = Object.keys(checks).filter((name) => checks[name] === 'failing');
    return reply.status(503).send({ status: 'unavailable', failing, checks });
  });
});
