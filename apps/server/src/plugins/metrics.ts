import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ServerText } from '@retouch/shared/texts';
import { countWaitingForDesigner } from '../modules/work-queue/designer-queue.repository';
import { countDesignersOnShift } from '../modules/dispatch/shifts.repository';
import { countWaitingForReview } from '../modules/work-queue/moderator-queue.repository';

/** Label of requests no route matched (404s, the web app's fallback): route patterns keep the label set small. */
const UNMATCHED_ROUTE = '(unmatched)';
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** Node's process metrics, collected once per process however many apps it builds (tests build many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Compares in constant time whatever the lengths (both sides are hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** A gauge read from the database at scrape time; NaN (and a warning) when the database does not answer. */
function databaseGauge(
  app: FastifyInstance,
  registry: Registry,
  name: string,
  help: string,
  read: () => Promise<number>,
) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        this.set(await read());
      } catch (error) {
        app.log.warn({ err: error, metric: name }, 'metric not collected');
        this.set(Number.NaN);
      }
    },
  });
}

/**
 * Prometheus metrics at GET /metrics, for the bearer of METRICS_TOKEN only (404 without one configured).
 * Each app has its own registry; the process metrics are shared by every app of the process.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  databaseGauge(
    app,
    registry,
    'retouch_orders_waiting_for_designer',
    'Orders waiting for a designer (new or requeued)',
    () => countWaitingForDesigner(app.db),
  );
  databaseGauge(
    app,
    registry,
    'retouch_orders_waiting_for_review',
    'Orders in review that no moderator holds yet',
    () => countWaitingForReview(app.db),
  );
  databaseGauge(
    app,
    registry,
    'retouch_designers_on_shift',
    "People on shift holding the designer's cabinet",
    () => countDesignersOnShift(app.db),
  );
  new Gauge({
    name: 'retouch_sockets_connected',
    help: 'Realtime sockets connected to this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('io') ? app.io.of('/').sockets.size : 0);
    },
  });
  const scraped = Registry.merge([processMetrics(), registry]);

  app.addHook('onResponse', async (request, reply) => {
    latency.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.METRICS_TOKEN;
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ message: ServerText.notFound });
    const given = bearerToken(request.headers.authorization);
    if (!given || !sameSecret(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: ServerText.notAuthenticated });
    }
    return reply
      .header('content-type', scraped.contentType)
      .header('cache-control', 'no-store')
      .send(await scraped.metrics());
  });
});
