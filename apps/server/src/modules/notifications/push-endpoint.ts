import { isIP } from 'node:net';
import type { PushSubscriptionBody } from '@retouch/shared/notifications';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Host names that only mean something inside a network. */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

/**
 * The endpoint with its host written one way: lower case, without the trailing dots DNS ignores
 * ("localhost." is localhost), so that every check and the stored row see the same host. Undefined when it
 * is not a URL with a host.
 */
export function normalisedPushEndpoint(endpoint: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (!host) return undefined;
  // Set again, so that what the dots hid is parsed as what it is ("127.0.0.1.." becomes an address).
  url.hostname = host;
  return url;
}

/**
 * Why the server must not POST pushes to this address, or undefined when it may. The server calls it for
 * whoever subscribed, so it is a way into other hosts (SSRF): only https on the default port to a named
 * public host; plain http to this machine is allowed outside production for a local push service in tests.
 */
export function pushEndpointProblem(endpoint: string, production: boolean): string | undefined {
  const url = normalisedPushEndpoint(endpoint);
  if (!url) return 'not a URL';
  if (url.username || url.password) return 'credentials in the address';
  const host = url.hostname;
  if (!production && url.protocol === 'http:' && LOCAL_HOSTS.has(host)) return undefined;
  if (url.protocol !== 'https:') return 'not https';
  if (url.port !== '') return 'not the default port';
  // An address literal names a host directly, internal ones included: push services have names.
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return 'an IP address';
  if (!host.includes('.') || host === 'localhost' || INTERNAL_SUFFIXES.some((end) => host.endsWith(end)))
    return 'an internal host name';
  return undefined;
}

const P256_PUBLIC_KEY_BYTES = 65;
const UNCOMPRESSED_POINT = 0x04;
const AUTH_SECRET_BYTES = 16;

/** Whether the browser's keys are what Web Push encrypts for: an uncompressed P-256 point and 16 bytes. */
export function hasValidKeys(keys: PushSubscriptionBody['keys']): boolean {
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  return (
    publicKey.length === P256_PUBLIC_KEY_BYTES &&
    publicKey[0] === UNCOMPRESSED_POINT &&
    Buffer.from(keys.auth, 'base64url').length === AUTH_SECRET_BYTES
  );
}
