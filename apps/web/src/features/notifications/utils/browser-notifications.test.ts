import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { subscribeToPush, unsubscribeFromPush } from './browser-notifications';

const SERVER_KEY = new Uint8Array(65).fill(4);
const OLD_KEY = new Uint8Array(65).fill(9);
const subscriptionJson = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser's service worker and push manager, holding `existing` as this browser's subscription. */
function fakeBrowser(existing: { key: Uint8Array } | null) {
  const made = (key: Uint8Array) => ({
    endpoint: subscriptionJson.endpoint,
    options: { applicationServerKey: key.buffer },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => true),
  });
  const current = existing ? made(existing.key) : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) =>
      made(options.applicationServerKey),
    ),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  vi.stubGlobal('PushManager', class {});
  return { serviceWorker, pushManager, current };
}

function mockServer() {
  return mockFetch({
    'GET /api/push/public-key': { body: { publicKey: Buffer.from(SERVER_KEY).toString('base64url') } },
    'POST /api/push/subscriptions': { status: 204 },
    'DELETE /api/push/subscriptions': { status: 204 },
  });
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('the Web Push subscription of this browser', () => {
  it('registers the service worker, subscribes with the server key and hands the subscription over', async () => {
    const browser = fakeBrowser(null);
    const { callsTo } = mockServer();
    await subscribeToPush();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect([...options.applicationServerKey]).toEqual([...SERVER_KEY]);
    expect(callsTo('POST', '/api/push/subscriptions')[0]!.body).toEqual(subscriptionJson);
  });

  it('replaces a subscription made for another server key, and keeps one made for this key', async () => {
    const stale = fakeBrowser({ key: OLD_KEY });
    mockServer();
    await subscribeToPush();
    expect(stale.current!.unsubscribe).toHaveBeenCalled();
    expect(stale.pushManager.subscribe).toHaveBeenCalledOnce();

    const fresh = fakeBrowser({ key: SERVER_KEY });
    const { callsTo } = mockServer();
    await subscribeToPush();
    expect(fresh.pushManager.subscribe).not.toHaveBeenCalled();
    expect(callsTo('POST', '/api/push/subscriptions')).toHaveLength(1);
  });

  it('fails when the server has Web Push off, so the page can say pushes will not come', async () => {
    fakeBrowser(null);
    mockFetch({ 'GET /api/push/public-key': { status: 404, body: { message: 'off' } } });
    await expect(subscribeToPush()).rejects.toThrow('off');
  });

  it('ends the subscription on the server and in the browser', async () => {
    const browser = fakeBrowser({ key: SERVER_KEY });
    const { callsTo } = mockServer();
    await unsubscribeFromPush();
    expect(callsTo('DELETE', '/api/push/subscriptions')[0]!.body).toEqual({
      endpoint: subscriptionJson.endpoint,
    });
    expect(browser.current!.unsubscribe).toHaveBeenCalled();
  });
});
