import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie by which a browser that signed in to an account before is known to that account. */
export const DEVICE_COOKIE = 'retouch_device';
/** A browser stays known this long after its last successful sign-in. */
export const KNOWN_DEVICE_DAYS = 365;

/** The account a device token is checked against: no password, no known browsers. */
interface PasswordAccount {
  id: string;
  passwordHash: string | null;
}

/**
 * The token's signature: an HMAC keyed by the account's password hash (salted, never leaves the
 * server), so only this server can make a token, each for one account, and a new password forgets
 * every browser. The configuration holds no server-wide secret to key it by.
 */
function signatureOf(account: { id: string; passwordHash: string }, deviceId: string): Buffer {
  return createHmac('sha256', account.passwordHash).update(`known-device:${account.id}:${deviceId}`).digest();
}

/** A new token naming a random device id, signed for the account. */
export function newDeviceToken(account: { id: string; passwordHash: string }): string {
  const deviceId = randomBytes(16).toString('base64url');
  return `${deviceId}.${signatureOf(account, deviceId).toString('base64url')}`;
}

/** True when the token was made by `newDeviceToken` for this account and its current password. */
export function isDeviceTokenOf(account: PasswordAccount | undefined, token: string | undefined): boolean {
  if (!account?.passwordHash || !token) return false;
  const [deviceId, signature, ...rest] = token.split('.');
  if (!deviceId || !signature || rest.length > 0) return false;
  const expected = signatureOf({ id: account.id, passwordHash: account.passwordHash }, deviceId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
