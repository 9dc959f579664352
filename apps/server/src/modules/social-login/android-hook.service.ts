import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ANDROID_LINK_CLOCK_SKEW_SECONDS,
  ANDROID_LINK_TTL_SECONDS,
  SocialLoginText,
  androidHashMessage,
  androidIdTokenQuerySchema,
  androidLoginQuerySchema,
} from '@retouch/shared/social-login';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findEffectivePermissions } from '../permissions/permissions.repository';
import { findUserByEmail } from '../users/users.repository';
import { isIdTokenFault, type GoogleIdTokenVerifier } from './google-id-token';
import type { SocialProfile } from './social-login.providers';
import { claimAndroidLink, deleteExpiredAndroidLinks } from './social-login.repository';
import { findOrCreateConfirmedUser, resolveSocialUser, type Person } from './social-login.service';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export interface AndroidHookDeps {
  db: Database;
  clock: Clock;
  /** Set when GOOGLE_ANDROID_CLIENT_ID is: the app signs in with a Google ID token. */
  idTokens: GoogleIdTokenVerifier | null;
  /** Set only when ANDROID_HASH_LOGIN is on: the secret of the specification's hash link. */
  hashSecret: string | null;
}

/**
 * The user the mobile app signs in, from `GET /api/login/google/android`: a Google ID token
 * (`id_token`), or the hash link where the server turned it on; a form not turned on does not exist (404).
 */
export async function logInFromApp(deps: AndroidHookDeps, query: Record<string, unknown>): Promise<string> {
  const usesHashLink = !('id_token' in query) && ('hash' in query || !deps.idTokens);
  return usesHashLink ? logInWithHashLink(deps, query) : logInWithIdToken(deps, query);
}

/** The Google account of the token, bound by its `sub` exactly like the web Google sign-in. */
async function logInWithIdToken(deps: AndroidHookDeps, query: Record<string, unknown>): Promise<string> {
  if (!deps.idTokens) throw AppError.notFound(SocialLoginText.androidUnavailable);
  const parsed = androidIdTokenQuerySchema.safeParse(query);
  if (!parsed.success) throw AppError.unauthorized(SocialLoginText.androidTokenInvalid);
  const profile = await verifyIdToken(deps.idTokens, parsed.data.id_token, deps.clock.now());
  if (!profile.emailVerified) throw AppError.badRequest(SocialLoginText.emailNotVerified('google'));
  return resolveSocialUser(deps, 'google', profile);
}

async function verifyIdToken(
  verifier: GoogleIdTokenVerifier,
  idToken: string,
  now: Date,
): Promise<SocialProfile> {
  try {
    return await verifier.verify(idToken, now);
  } catch (error) {
    if (isIdTokenFault(error)) throw new AppError(401, SocialLoginText.androidTokenInvalid, String(error));
    throw new AppError(502, SocialLoginText.providerUnreachable('google'), String(error));
  }
}

/**
 * The hash link, once: signed with the shared secret over `email|user_id|user_name|iat`, issued in the
 * last 5 minutes, never before used, and never for an account holding any staff permission (the secret
 * ships inside the app, so anyone can sign a link for any address).
 */
async function logInWithHashLink(deps: AndroidHookDeps, query: Record<string, unknown>): Promise<string> {
  if (!deps.hashSecret) throw AppError.notFound(SocialLoginText.androidUnavailable);
  const now = deps.clock.now();
  const link = verifyHashLink(deps.hashSecret, query, now);
  // Kept a little past expiry, so an instance whose clock is behind still finds the link used.
  await deleteExpiredAndroidLinks(deps.db, new Date(now.getTime() - ANDROID_LINK_CLOCK_SKEW_SECONDS * 1000));
  return deps.db.transaction(async (tx) => {
    if (!(await claimAndroidLink(tx, link.hash, link.expiresAt))) {
      throw AppError.unauthorized(SocialLoginText.androidLinkUsed);
    }
    const existing = await findUserByEmail(tx, link.person.email);
    const permissions = existing ? await findEffectivePermissions(tx, existing.id) : [];
    if (permissions.some((entry) => entry.status)) {
      throw AppError.forbidden(SocialLoginText.androidStaffRefused);
    }
    return findOrCreateConfirmedUser(tx, now, link.person);
  });
}

interface HashLink {
  person: Person;
  /** The HMAC, lower-case hex: what makes the link single use. */
  hash: string;
  expiresAt: Date;
}

function verifyHashLink(secret: string, query: Record<string, unknown>, now: Date): HashLink {
  const parsed = androidLoginQuerySchema.safeParse(query);
  if (!parsed.success || parsed.data.iat === undefined)
    throw AppError.badRequest(SocialLoginText.androidInvalid);
  const { email, user_id: userId, user_name: userName, iat, hash } = parsed.data;
  if (!hash || !HEX_SHA256.test(hash)) throw AppError.unauthorized(SocialLoginText.androidHashInvalid);
  const expected = createHmac('sha256', secret)
    .update(androidHashMessage(email, userId, userName, iat), 'utf8')
    .digest();
  const given = Buffer.from(hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw AppError.unauthorized(SocialLoginText.androidHashInvalid);
  }
  const ageSeconds = now.getTime() / 1000 - Number(iat);
  if (ageSeconds > ANDROID_LINK_TTL_SECONDS || ageSeconds < -ANDROID_LINK_CLOCK_SKEW_SECONDS) {
    throw AppError.unauthorized(SocialLoginText.androidLinkExpired);
  }
  const [first, ...rest] = userName.trim().split(/\s+/);
  return {
    person: {
      email: email.toLowerCase(),
      giveName: first || email.split('@')[0] || 'Customer',
      familyName: rest.join(' '),
    },
    hash: expected.toString('hex'),
    expiresAt: new Date((Number(iat) + ANDROID_LINK_TTL_SECONDS) * 1000),
  };
}
