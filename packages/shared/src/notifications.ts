import { z } from 'zod';
import { OrderCondition, isInGroup } from './order-flow';

/**
 * What a customer is told when one of their orders changes condition (issue 19): an in-app notice on
 * any customer page, and for the news that matters most an e-mail, a browser notification and a push.
 */
export const OrderNotice = {
  /** The moderator approved a result: the order (or its revision) is delivered. */
  resultReady: 'resultReady',
  /** The refusal was agreed: the order is refused and its tokens returned (condition 8). */
  refused: 'refused',
  /** A refused revision: the order is back to its delivered result. */
  revisionDeclined: 'revisionDeclined',
  /** Staff cancelled the order and returned its tokens (condition 9). */
  cancelled: 'cancelled',
  /** A designer took an order that was waiting for one. */
  designerFound: 'designerFound',
} as const;
export type OrderNoticeKind = (typeof OrderNotice)[keyof typeof OrderNotice];

/** The notices also sent as e-mail, browser notification and Web Push; the others stay in the page. */
export const ALERTED_NOTICES: readonly OrderNoticeKind[] = [OrderNotice.resultReady, OrderNotice.refused];

/**
 * The notice a condition change brings its customer, or undefined when it is no news to them (the order
 * just sent, their own tip or revision request, steps between staff).
 */
export function orderNoticeOf(from: number | null | undefined, to: number): OrderNoticeKind | undefined {
  if (from === null || from === undefined || from === to) return undefined;
  if (isInGroup('delivered', to)) {
    if (from === OrderCondition.resultReview) return OrderNotice.resultReady;
    if (from === OrderCondition.refusalReview) return OrderNotice.revisionDeclined;
    return undefined;
  }
  if (to === OrderCondition.refused) return OrderNotice.refused;
  if (to === OrderCondition.cancelled) return OrderNotice.cancelled;
  if (to === OrderCondition.inWork && isInGroup('waitingForDesigner', from)) return OrderNotice.designerFound;
  return undefined;
}

/** Whether a notice is also mailed and pushed. */
export function isAlerted(notice: OrderNoticeKind): boolean {
  return ALERTED_NOTICES.includes(notice);
}

/** Titles and texts of the notices: the in-app notice, the browser notification and the push show these. */
export const OrderNoticeText: Record<OrderNoticeKind, { title: string; body: string }> = {
  resultReady: {
    title: 'Your photo is ready',
    body: 'A designer has finished your retouch. See and download the result in your order history.',
  },
  refused: {
    title: 'Your order was refused',
    body: 'The designer could not do this order. The tokens you paid were returned to your balance; the reason is in your order history.',
  },
  revisionDeclined: {
    title: 'Your revision request was declined',
    body: 'The designer could not make the changes you asked for. Your previous result stays in your order history.',
  },
  cancelled: {
    title: 'Your order was cancelled',
    body: 'Our staff cancelled the order and returned its tokens to your balance.',
  },
  designerFound: {
    title: 'A designer took your order',
    body: 'Your photo is being retouched now.',
  },
};

/** Texts of the notification settings and the server's answers about them. */
export const NotificationText = {
  /** A browser's push endpoint already registered by another account (issue 35): its owner keeps it. */
  endpointTaken: 'This browser receives notifications for another account',
  openHistory: 'Open order history',
  settingsTitle: 'Notifications',
  orderEmails: 'E-mails about my orders',
  orderEmailsHint: 'An e-mail when a result is ready, or when an order is refused and its tokens returned.',
  browserNotifications: 'Browser notifications',
  browserNotificationsHint:
    'A notification from your browser when a result is ready or an order is refused, even when this site is not open.',
  browserUnsupported: 'This browser cannot show notifications.',
  browserBlocked:
    'Notifications are blocked for this site. Allow them in the browser settings, then try again.',
  pushReady: 'Browser notifications are on, also while this site is closed.',
  pushUnavailable:
    'Notifications will show while this site is open in a tab; the browser could not be set up to receive them when it is closed.',
  saved: 'Saved',
  subscriptionInvalid: 'The browser subscription is not valid',
  pushEndpointRefused: 'This push service address is not accepted',
  pushNotConfigured: 'Browser notifications are not set up on this server',
} as const;

/** A customer keeps at most this many browsers subscribed; a new one replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** Longest push service address accepted (the services' are about 200 characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;
/** Seconds a push service keeps a message for a browser that is offline. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** The page the notices lead to. */
export const ORDER_HISTORY_PATH = '/history';

/** `GET` and `PATCH /api/user/notifications`: the customer's choices (the answer of both). */
export const notificationSettingsSchema = z.object({ orderEmails: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const base64Url = (min: number, max: number) =>
  z
    .string(NotificationText.subscriptionInvalid)
    .min(min, NotificationText.subscriptionInvalid)
    .max(max, NotificationText.subscriptionInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, NotificationText.subscriptionInvalid);

/**
 * `POST /api/push/subscriptions`: a browser's `PushSubscription.toJSON()`. The keys are the browser's
 * P-256 public key (65 bytes) and its auth secret (16 bytes), base64url; the server checks their bytes
 * and where the endpoint points.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: NotificationText.subscriptionInvalid })
    .max(MAX_PUSH_ENDPOINT_LENGTH, NotificationText.subscriptionInvalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64Url(86, 88), auth: base64Url(22, 24) },
    NotificationText.subscriptionInvalid,
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: the browser's endpoint to forget. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().min(1).max(MAX_PUSH_ENDPOINT_LENGTH),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeSchema>;

/** `GET /api/push/public-key`: the server's VAPID public key, base64url (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What a push carries to the service worker (and what the page shows itself while hidden). */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens. */
  url: z.string(),
  /** One notification per order and notice: the tab's and the push's replace each other. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The notification shown for a notice about an order. */
export function orderNoticeMessage(orderId: string, notice: OrderNoticeKind): PushMessage {
  return {
    ...OrderNoticeText[notice],
    url: ORDER_HISTORY_PATH,
    tag: `order-${orderId}-${notice}`,
  };
}
