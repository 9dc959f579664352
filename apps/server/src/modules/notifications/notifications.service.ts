import type { FastifyBaseLogger } from 'fastify';
import {
  NotificationText,
  isAlerted,
  orderNoticeMessage,
  orderNoticeOf,
  type NotificationSettings,
  type OrderNoticeKind,
  type PushSubscriptionBody,
} from '@retouch/shared/notifications';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createBackgroundWork } from '../../lib/background-work';
import type { Mailer } from '../../mail/mailer';
import type { OrderEvent, OrderEventPort } from '../order-flow/order-events';
import { findUserById } from '../users/users.repository';
import {
  deleteGoneSubscription,
  deletePushSubscription,
  findOrderEmails,
  findOrderForNotice,
  findPushSubscriptions,
  saveOrderEmails,
  savePushSubscription,
} from './notifications.repository';
import { orderMail } from './order-mails';
import { hasValidKeys, normalisedPushEndpoint, pushEndpointProblem } from './push-endpoint';
import type { PushSender } from './push-sender';
import type { VapidKeySource } from './vapid-keys';

export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  push: PushSender;
  vapid: VapidKeySource;
  log: FastifyBaseLogger;
  now: () => Date;
  publicUrl: string;
  production: boolean;
}

export async function loadSettings(db: Database, userId: string): Promise<NotificationSettings> {
  return { orderEmails: await findOrderEmails(db, userId) };
}

export async function changeSettings(
  deps: Pick<NotificationDeps, 'db' | 'now'>,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await saveOrderEmails(deps.db, userId, settings.orderEmails, deps.now());
  return loadSettings(deps.db, userId);
}

/** The public key browsers subscribe with; 404 while Web Push is off (production without keys). */
export async function pushPublicKey(deps: Pick<NotificationDeps, 'vapid'>): Promise<string> {
  const vapid = await deps.vapid.get();
  if (!vapid) throw AppError.notFound(NotificationText.pushNotConfigured);
  return vapid.publicKey;
}

/**
 * Keeps a browser's subscription after checking its keys and where its endpoint points; the endpoint is
 * kept with its host normalised, so that one browser is one row however its address is written.
 */
export async function subscribe(
  deps: Pick<NotificationDeps, 'db' | 'vapid' | 'now' | 'log' | 'production'>,
  userId: string,
  subscription: PushSubscriptionBody,
): Promise<void> {
  await pushPublicKey(deps);
  const endpoint = normalisedPushEndpoint(subscription.endpoint)?.href ?? subscription.endpoint;
  const problem = pushEndpointProblem(endpoint, deps.production);
  if (problem) {
    deps.log.warn({ userId, problem }, 'push subscription refused');
    throw AppError.badRequest(NotificationText.pushEndpointRefused);
  }
  if (!hasValidKeys(subscription.keys)) throw AppError.badRequest(NotificationText.subscriptionInvalid);
  const saved = await savePushSubscription(deps.db, userId, { endpoint, ...subscription.keys }, deps.now());
  if (!saved) {
    deps.log.warn({ userId }, 'push endpoint of another account refused');
    throw AppError.conflict(NotificationText.endpointTaken);
  }
}

export async function unsubscribe(deps: Pick<NotificationDeps, 'db'>, userId: string, endpoint: string) {
  const stored = normalisedPushEndpoint(endpoint)?.href ?? endpoint;
  await deletePushSubscription(deps.db, userId, stored);
}

/** Tells customers of their orders' news beyond the page: e-mails and pushes, after the commit. */
export interface CustomerNotifier extends OrderEventPort {
  /** Starts telling; returns at once and never throws (failures are logged). */
  publish(events: readonly OrderEvent[]): void;
  /** Resolves once every mail and push started has been sent or has failed. */
  settled(): Promise<void>;
}

export function createCustomerNotifier(deps: NotificationDeps): CustomerNotifier {
  const background = createBackgroundWork((error) =>
    deps.log.error({ err: error }, 'customer notification failed'),
  );
  return {
    publish(events) {
      for (const event of events) {
        if (event.kind !== 'conditionChanged') continue;
        const notice = orderNoticeOf(event.from, event.to);
        if (notice && isAlerted(notice))
          background.run(tellCustomer(deps, event.customerId, event.orderId, notice));
      }
    },
    settled: () => background.settled(),
  };
}

/** The mail (if they want mails), then a push to each subscribed browser; one failing never stops the other. */
async function tellCustomer(
  deps: NotificationDeps,
  userId: string,
  orderId: string,
  notice: OrderNoticeKind,
) {
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  try {
    await mailCustomer(deps, user, orderId, notice);
  } catch (error) {
    deps.log.error({ err: error, orderId, notice }, 'order mail was not sent');
  }
  await pushToCustomer(deps, userId, orderId, notice);
}

async function mailCustomer(
  deps: NotificationDeps,
  user: { id: string; email: string; giveName: string },
  orderId: string,
  notice: OrderNoticeKind,
) {
  if (!(await findOrderEmails(deps.db, user.id))) return;
  const order = await findOrderForNotice(deps.db, orderId);
  if (!order) return;
  const mail = orderMail(notice, {
    to: user.email,
    giveName: user.giveName,
    orderCreatedAt: order.createdAt,
    refundedTokens: order.tokens,
    reason: order.reason,
    publicUrl: deps.publicUrl,
  });
  if (mail) await deps.mailer.send(mail);
}

async function pushToCustomer(
  deps: NotificationDeps,
  userId: string,
  orderId: string,
  notice: OrderNoticeKind,
) {
  const subscriptions = await findPushSubscriptions(deps.db, userId);
  if (subscriptions.length === 0) return;
  const vapid = await deps.vapid.get();
  if (!vapid) return;
  const message = orderNoticeMessage(orderId, notice);
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        const outcome = await deps.push.send(subscription, message, vapid);
        if (outcome === 'gone') await deleteGoneSubscription(deps.db, subscription.endpoint);
      } catch (error) {
        // The endpoint is the subscription's secret: the log names the push service only.
        const service = new URL(subscription.endpoint).host;
        deps.log.warn({ err: error, orderId, service }, 'push was not sent');
      }
    }),
  );
}
