import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, type LookupFunction } from 'node:net';
import { PUSH_TTL_SECONDS, type PushMessage } from '@retouch/shared/notifications';
import { pushEndpointProblem } from './push-endpoint';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Delivered: the push service took it. Gone: the subscription no longer exists (404, 410). */
type PushOutcome = 'delivered' | 'gone';

/** How pushes leave the server; tests may replace it. */
export interface PushSender {
  send(subscription: StoredSubscription, message: PushMessage, vapid: VapidDetails): Promise<PushOutcome>;
}

const PUSH_TIMEOUT_MS = 10_000;
const GONE_STATUSES = new Set([404, 410]);

/** Addresses no push service has: loopback, private, link-local, shared and unique-local ranges. */
const internalAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  internalAddresses.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  internalAddresses.addSubnet(network, prefix, 'ipv6');

/**
 * DNS resolution that refuses internal addresses, so that a public name pointing inside (or re-pointed
 * after the subscription was checked) cannot make the server call an internal host.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, found) => {
    if (error) return callback(error, '', 0);
    const addresses = found as LookupAddress[];
    const refused = addresses.find((entry) =>
      internalAddresses.check(entry.address, entry.family === 6 ? 'ipv6' : 'ipv4'),
    );
    if (refused || addresses.length === 0)
      return callback(new Error(`push service ${hostname} resolves to an internal address`), '', 0);
    if ((options as LookupOptions).all) return callback(null, addresses as never);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Encrypts (aes128gcm) and signs (VAPID) with web-push, then POSTs with Node's own client: redirects are
 * not followed, and in production only public addresses are reached (`pushEndpointProblem` checked the
 * address when the browser subscribed). Outside production plain http to this machine works (tests).
 */
export function createPushSender(options: { production: boolean }): PushSender {
  return {
    async send(subscription, message, vapid) {
      // Checked when the browser subscribed; again here for rows kept from before a rule was added.
      const problem = pushEndpointProblem(subscription.endpoint, options.production);
      if (problem) throw new Error(`push endpoint refused: ${problem}`);
      // web-push (about 12 MB of memory) loads with the first push.
      const { default: webpush } = await import('web-push');
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: 'normal' },
      );
      const status = await post(request.endpoint, request.headers, request.body, options.production);
      if (GONE_STATUSES.has(status)) return 'gone';
      if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
      return 'delivered';
    },
  };
}

function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer,
  production: boolean,
): Promise<number> {
  const url = new URL(endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: PUSH_TIMEOUT_MS,
        ...(production ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        // The answer's body says nothing we use.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service did not answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}
