import { createHmac, timingSafeEqual } from 'node:crypto';
import { SocialLoginText, androidHashMessage, androidLoginQuerySchema } from '@retouch/shared/social-login';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findOrCreateConfirmedUser } from './social-login.service';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export interface AndroidLogin {
  email: string;
  userId: string;
  userName: string;
}

/**
 * Checks the mobile app's link: `hash` must be the hex HMAC-SHA256 of `email|user_id|user_name` with
 * the shared secret, compared in constant time. Without a secret the hook does not exist (404).
 */
export function verifyAndroidLogin(secret: string | undefined, query: unknown): AndroidLogin {
  if (!secret) throw AppError.notFound(SocialLoginText.androidUnavailable);
  const parsed = androidLoginQuerySchema.safeParse(query);
  if (!parsed.success) throw AppError.badRequest(SocialLoginText.androidInvalid);
  const { email, user_id: userId, user_name: userName, hash } = parsed.data;
  if (!hash || !HEX_SHA256.test(hash)) throw AppError.unauthorized(SocialLoginText.androidHashInvalid);
  const expected = createHmac('sha256', secret)
    .update(androidHashMessage(email, userId, userName), 'utf8')
    .digest();
  const given = Buffer.from(hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw AppError.unauthorized(SocialLoginText.androidHashInvalid);
  }
  return { email, userId, userName };
}

/** The user of the app's e-mail, created confirmed with the registration bonus when new. */
export async function logInAndroidUser(
  deps: { db: Database; clock: Clock },
  login: AndroidLogin,
): Promise<string> {
  const [first, ...rest] = login.userName.trim().split(/\s+/);
  const person = {
    email: login.email.toLowerCase(),
    giveName: first || login.email.split('@')[0] || 'Customer',
    familyName: rest.join(' '),
  };
  return deps.db.transaction((tx) => findOrCreateConfirmedUser(tx, deps.clock.now(), person));
}
