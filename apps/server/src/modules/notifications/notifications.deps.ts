import type { FastifyInstance } from 'fastify';
import type { NotificationDeps } from './notifications.service';
import { createPushSender, type PushSender } from './push-sender';
import { createVapidKeySource } from './vapid-keys';

/** The notifications' dependencies over this app: its database, mailer, clock and Web Push keys. */
export function notificationDepsOf(app: FastifyInstance, push?: PushSender): NotificationDeps {
  const production = app.config.isProduction;
  return {
    db: app.db,
    mailer: app.mailer,
    push: push ?? createPushSender({ production }),
    vapid: createVapidKeySource(app.db, app.config),
    log: app.log,
    now: () => app.clock.now(),
    publicUrl: app.config.PUBLIC_URL,
    production,
  };
}
