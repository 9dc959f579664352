import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { AppError } from './lib/app-error';
import { JSON_BODY_LIMIT_BYTES } from './lib/json-limits';
import { systemClock, type Clock } from './lib/clock';
import { closeUnreadRequest } from './lib/multipart';
import { createMailer, type Mailer } from './mail/mailer';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { adminOrdersRoutes } from './modules/admin-orders/admin-orders.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createCatalogCache, type CatalogCache } from './modules/catalog/catalog-cache';
import { toPublicCatalog } from './modules/catalog/catalog.presenter';
import { loadCatalogRows } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { dispatchPlugin } from './modules/dispatch/dispatch.routes';
import { reviewPlugin } from './modules/review/review.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { personProfilesRoutes } from './modules/person-profiles/person-profiles.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { filesRoutes } from './modules/files/files.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { rolesRoutes } from './modules/permissions/roles.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { notificationDepsOf } from './modules/notifications/notifications.deps';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createCustomerNotifier } from './modules/notifications/notifications.service';
import { etaRoutes } from './modules/eta/eta.routes';
import { socialLoginRoutes } from './modules/social-login/social-login.routes';
import { testHooksRoutes } from './modules/test-hooks/test-hooks.routes';
import { adminUsersRoutes } from './modules/users/admin-users.routes';
import { usersRoutes } from './modules/users/users.routes';
import { authPlugin } from './plugins/auth';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler';
import { jsonBodyPlugin } from './plugins/json-body';
import { loggerOptions, type LogStream } from './plugins/logger';
import { RequestLogController } from './plugins/request-log';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { setUpOrderWork, type OrderWorkHook } from './plugins/order-work';
import { operationsPlugin, requestIdOf } from './plugins/operations';
import { originCheckPlugin } from './plugins/origin-check';
import { realtimePlugin } from './plugins/realtime';
import { routeSchemasPlugin } from './plugins/route-schemas';
import { routeTablePlugin } from './plugins/route-table';
import { createPaymentProviders, pageSourcesOf, type PaymentProviders } from './payments/providers';
import { sharedOrLocalStore } from './plugins/rate-limit-store';
import { redisPlugin } from './plugins/redis';
import { embeddedVacuumPlugin } from './plugins/embedded-vacuum';
import { schedulerPlugin } from './plugins/scheduler';
import { socketRebalancePlugin } from './plugins/socket-rebalance';
import { shutdownPlugin } from './plugins/shutdown';
import { webPlugin } from './plugins/web';
import { createStorage } from './storage/create-storage';
import { signedUrlOrigin, type Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
    storage: Storage;
    mailer: Mailer;
    catalogCache: CatalogCache;
  }
}

export interface AppDependencies {
  database: DatabaseHandle;
  clock?: Clock;
  storage?: Storage;
  mailer?: Mailer;
  /** Log lines go here instead of stdout (tests capture them). */
  logStream?: LogStream;
  /** Sees (or wraps) the order lifecycle's work: tests sweep and match through it. */
  orderWork?: OrderWorkHook;
  /** The card and crypto providers; by default those the configuration names. */
  paymentProviders?: PaymentProviders;
}

/** Builds the whole server: every plugin and module registered. It never listens. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // Only behind a load balancer may X-Forwarded-For name the client (rate limits key on it).
    trustProxy: config.TRUST_PROXY,
    genReqId: requestIdOf,
    // Parsed bodies (JSON, text) only: multipart uploads stream under their own limits.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    ...requestTimeouts(config),
    frameworkErrors: answerFrameworkError,
    // One line a request instead of Fastify's two (received, completed).
    logController: new RequestLogController(),
  });

  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('storage', deps.storage ?? (await createStorage(config)));
  // Pictures redirected to presigned URLs load from the bucket (S3_SIGNED_URLS).
  const bucketOrigin = config.S3_SIGNED_URLS ? await signedUrlOrigin(app.storage) : undefined;
  const paymentProviders = deps.paymentProviders ?? (await createPaymentProviders(config));
  const payment = pageSourcesOf(paymentProviders);
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  app.decorate(
    'catalogCache',
    createCatalogCache(async () => toPublicCatalog(await loadCatalogRows(deps.database.db))),
  );

  await app.register(routeTablePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(routeSchemasPlugin, { exactAnswers: config.EXACT_ANSWERS });
  await app.register(jsonBodyPlugin);
  await app.register(fastifyHelmet, {
    hsts: config.isProduction,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The payment providers configured bring their own origins (payments/providers.ts).
        scriptSrc: ["'self'", ...payment.script],
        frameSrc: ["'self'", ...payment.frame],
        imgSrc: ["'self'", 'data:', 'blob:', ...(bucketOrigin ? [bucketOrigin] : []), ...payment.img],
        // Ant Design writes its CSS-in-JS styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The socket is this site's own (its WebSocket origin named too, for browsers whose 'self' does
        // not cover ws:), never any host's.
        connectSrc: [
          "'self'",
          socketOrigin(config.PUBLIC_URL),
          ...(bucketOrigin ? [bucketOrigin] : []),
          ...payment.connect,
        ],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(originCheckPlugin);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 4, fields: 10 } });
  app.addHook('onSend', closeUnreadRequest);
  // Before every route (OpenAPI lists them as they register) and before realtime (shutdown runs first).
  await app.register(openapiPlugin);
  await app.register(operationsPlugin);
  await app.register(metricsPlugin);
  await app.register(shutdownPlugin);
  await app.register(redisPlugin);
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared counters when several instances run (alone while Redis is away); each counts alone otherwise.
    ...(app.redis ? { store: sharedOrLocalStore(app.redis, `${app.redis.prefix}rate-limit:`) } : {}),
    errorResponseBuilder: () => new AppError(429, ServerText.tooManyRequests),
  });
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(socketRebalancePlugin);
  await app.register(schedulerPlugin);
  await app.register(embeddedVacuumPlugin, { driver: deps.database.driver });

  await app.register(authRoutes);
  await app.register(socialLoginRoutes);
  await app.register(accountRoutes);
  await app.register(usersRoutes);
  await app.register(permissionsRoutes);
  await app.register(rolesRoutes);
  await app.register(adminUsersRoutes);
  await app.register(auditRoutes);
  await app.register(filesRoutes);
  await app.register(catalogRoutes);
  await app.register(paymentsRoutes, { providers: paymentProviders });
  // The order lifecycle's commands and work queues, handed to the modules that adapt them to HTTP and sockets.
  // Customers hear of their orders' news by e-mail and Web Push too, after the commit (issue 19).
  const notifications = notificationDepsOf(app);
  const notifier = createCustomerNotifier(notifications);
  const { work, channels } = await setUpOrderWork(app, deps.database, deps.orderWork, notifier);
  await app.register(dispatchPlugin, { work, channels });
  await app.register(reviewPlugin, { work, channels });
  await app.register(ordersRoutes, { work });
  await app.register(adminOrdersRoutes, { work });
  await app.register(settingsRoutes);
  await app.register(notificationsRoutes, { deps: notifications, notifier });
  await app.register(personProfilesRoutes);
  await app.register(etaRoutes);
  await app.register(feedbackRoutes);
  await app.register(analyticsRoutes);
  await app.register(dashboardRoutes);
  if (config.TEST_HOOKS) await app.register(testHooksRoutes, { work });
  await app.register(webPlugin, { distDir: config.WEB_DIST_DIR });

  return app;
}

/**
 * A request must arrive whole within REQUEST_TIMEOUT_SECONDS (408 otherwise) and its connection may not
 * stay silent longer than REQUEST_IDLE_TIMEOUT_SECONDS: a stalled or dripping body no longer holds a
 * connection open. Node checks the first on a timer (every 30 s unless the timeout is shorter), and only
 * when the headers' own timeout (60 s at most) is not the longer of the two.
 */
function requestTimeouts(config: Config) {
  const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout,
    connectionTimeout: config.REQUEST_IDLE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, requestTimeout),
    },
  };
}

/** The WebSocket origin of the site's own address: `wss://host` for `https://host`. */
function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}
