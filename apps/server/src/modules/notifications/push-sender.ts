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

/**
 * Addresses no push service has: every range of IANA's special-purpose registries (globally reachable
 * anycast ones too), multicast, and IPv4's reserved 240/4. Node checks an IPv4-mapped IPv6 address
 * (::ffff:10.0.0.1) against the IPv4 ranges, and an IPv4 address against the IPv6 ones as ::ffff:a.b.c.d:
 * so ::ffff:0:0/96 itself must not be listed, it would refuse every IPv4 address.
 */
const internalAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, limited broadcast
] as const)
  internalAddresses.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // IPv4/IPv6 translation
  ['64:ff9b:1::', 48], // local-use translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
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
