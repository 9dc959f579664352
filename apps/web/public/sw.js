// The Retouch service worker: shows the Web Push notifications about a customer's orders while no tab
// shows them, and opens the order history on a click (docs/decisions/0025-customer-notifications.md).
// It has no fetch handler: pages and the API load from the network exactly as without it.
/* global self */

const HISTORY_PATH = '/history';

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that an old page could depend on.
  self.skipWaiting();
});

/** The push's message, or null when it is not one of ours. */
function readMessage(data) {
  try {
    const message = data ? data.json() : null;
    return message && typeof message.title === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** A same-origin address from the message, the order history otherwise. */
function targetUrl(url) {
  const target = new URL(typeof url === 'string' ? url : HISTORY_PATH, self.location.origin);
  return target.origin === self.location.origin
    ? target.href
    : new URL(HISTORY_PATH, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab the customer is looking at shows its own notice.
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        data: { url: targetUrl(message.url) },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) await open.focus();
      else await self.clients.openWindow(url);
    })(),
  );
});
