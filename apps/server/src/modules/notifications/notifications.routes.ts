import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationSettingsSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@retouch/shared/notifications';
import { noContentSchema } from '@retouch/shared/http';
import { perUserRateLimit } from '../../plugins/user-rate-limit';
import {
  changeSettings,
  loadSettings,
  pushPublicKey,
  subscribe,
  unsubscribe,
  type CustomerNotifier,
  type NotificationDeps,
} from './notifications.service';

/** Subscriptions a customer may send a minute: a browser subscribes once per opt-in. */
const SUBSCRIBE_RATE_LIMIT_PER_MINUTE = 20;

export interface NotificationsRoutesOptions {
  deps: NotificationDeps;
  notifier: CustomerNotifier;
}

/** The customer's notification switch and Web Push subscriptions (issue 19, docs/decisions/0025). */
export async function notificationsRoutes(
  fastify: FastifyInstance,
  { deps, notifier }: NotificationsRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The VAPID keys are found (outside production without configured keys: made and kept) at start, so
  // that no request writes them; if the database fails now, the first use tries again.
  app.addHook('onReady', async () => {
    await deps.vapid
      .get()
      .catch((error: unknown) => app.log.warn({ err: error }, 'VAPID keys not loaded yet'));
  });
  // Mails and pushes under way finish before the database closes.
  app.addHook('onClose', () => notifier.settled());

  const settings = { response: { 200: notificationSettingsSchema } };
  app.get('/api/user/notifications', { schema: settings }, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return loadSettings(deps.db, userId);
  });

  app.patch(
    '/api/user/notifications',
    { config: { signedIn: true }, schema: { body: notificationSettingsSchema, ...settings } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return changeSettings(deps, userId, request.body);
    },
  );

  app.get('/api/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async (request) => {
    await app.requireIdentity(request);
    return { publicKey: await pushPublicKey(deps) };
  });

  const subscribeLimit = { config: perUserRateLimit(app, SUBSCRIBE_RATE_LIMIT_PER_MINUTE, '1 minute') };

  app.post(
    '/api/push/subscriptions',
    {
      config: { ...subscribeLimit.config, signedIn: true },
      schema: { body: pushSubscriptionSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      await subscribe(deps, userId, request.body);
      return reply.status(204).send(undefined);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { signedIn: true },
      schema: { body: pushUnsubscribeSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      await unsubscribe(deps, userId, request.body.endpoint);
      return reply.status(204).send(undefined);
    },
  );
}
