import { and, desc, eq, notInArray } from 'drizzle-orm';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '@retouch/shared/notifications';
import type { Executor } from '../../db/client';
import {
  notificationSettings,
  orders,
  pushSubscriptions,
  refusalReasons,
  vapidKeys,
} from '../../db/schema/index';

/** Whether the customer wants e-mails about their orders (on unless they turned them off). */
export async function findOrderEmails(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ orderEmails: notificationSettings.orderEmails })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.orderEmails ?? true;
}

export async function saveOrderEmails(db: Executor, userId: string, orderEmails: boolean, now: Date) {
  await db
    .insert(notificationSettings)
    .values({ userId, orderEmails, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { orderEmails, updatedAt: now } });
}

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps the browser's subscription for the user (the same browser subscribing again replaces its keys),
 * then drops the user's oldest beyond the limit. Answers false, changing nothing, when the endpoint is
 * another user's: an endpoint stays with the account that registered it.
 */
export async function savePushSubscription(
  db: Executor,
  userId: string,
  subscription: NewPushSubscription,
  now: Date,
): Promise<boolean> {
  const saved = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) return false;
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  return true;
}

/** Forgets the user's subscription of that endpoint (another user's stays). */
export async function deletePushSubscription(db: Executor, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Forgets an endpoint the push service says is gone. */
export async function deleteGoneSubscription(db: Executor, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function findPushSubscriptions(db: Executor, userId: string) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** What the mails about an order say of it: when it was sent, what it took, why it was refused. */
export async function findOrderForNotice(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      createdAt: orders.createdAt,
      chargedMain: orders.chargedMain,
      chargedBonus: orders.chargedBonus,
      reason: refusalReasons.titleUser,
    })
    .from(orders)
    .leftJoin(refusalReasons, eq(refusalReasons.id, orders.refuseReasonId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  // A refused order returns exactly what it took (order-money.ts).
  return { createdAt: row.createdAt, tokens: row.chargedMain + row.chargedBonus, reason: row.reason ?? '' };
}

export async function findVapidKeys(db: Executor) {
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys);
  return row;
}

/** Stores the pair unless one is there already; answers the pair that is kept. */
export async function insertVapidKeysOnce(db: Executor, keys: { publicKey: string; privateKey: string }) {
  await db.insert(vapidKeys).values(keys).onConflictDoNothing();
  const kept = await findVapidKeys(db);
  if (!kept) throw new Error('the VAPID keys were not stored');
  return kept;
}
