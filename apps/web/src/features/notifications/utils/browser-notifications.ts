import { pushSubscriptionSchema, type PushMessage } from '@retouch/shared/notifications';
import { deletePushSubscription } from '../api/delete-push-subscription';
import { getPushPublicKey } from '../api/get-push-public-key';
import { savePushSubscription } from '../api/save-push-subscription';

/** The service worker that shows pushes while no tab is open (apps/web/public/sw.js). */
const SERVICE_WORKER_URL = '/sw.js';

export function canNotify(): boolean {
  return typeof Notification !== 'undefined';
}

/** Whether the browser lets this site show notifications now. */
export function notificationsAllowed(): boolean {
  return canNotify() && Notification.permission === 'granted';
}

function canPush(): boolean {
  return (
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined'
  );
}

/** Asks the browser for the permission (a prompt the first time); answers whether it was given. */
export async function askPermission(): Promise<boolean> {
  if (!canNotify()) return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return Notification.permission === 'granted';
}

/** base64url to the bytes `applicationServerKey` takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameBytes(key: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!key || key.byteLength !== bytes.length) return false;
  const view = new Uint8Array(key);
  return view.every((byte, index) => byte === bytes[index]);
}

/**
 * Subscribes this browser to Web Push and gives the subscription to the server, so that pushes come while
 * no tab is open. Throws when the browser cannot (no service worker, no push service reachable) or the
 * server has Web Push off.
 */
export async function subscribeToPush(): Promise<void> {
  if (!canPush()) throw new Error('This browser has no Web Push');
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const serverKey = keyBytes(await getPushPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (the keys were replaced) would never receive a push.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  await savePushSubscription(pushSubscriptionSchema.parse(subscription.toJSON()));
}

/** Ends this browser's push subscription here and on the server; what fails is only logged. */
export async function unsubscribeFromPush(): Promise<void> {
  if (!canPush()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await deletePushSubscription({ endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('The push subscription was not ended', error);
  }
}

/**
 * A system notification from the open tab (the page is hidden): through the service worker when there is
 * one, so that it carries the same tag as a push of the same news and one replaces the other.
 */
export async function showSystemNotification(message: PushMessage): Promise<void> {
  const options = { body: message.body, tag: message.tag, data: { url: message.url } };
  const registration = canPush() ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration) {
    await registration.showNotification(message.title, options);
    return;
  }
  const shown = new Notification(message.title, options);
  shown.onclick = () => {
    window.focus();
    window.location.assign(message.url);
  };
}
