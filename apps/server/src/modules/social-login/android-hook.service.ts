import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PendingConfirmation } from '@retouch/shared/auth';
import {
  ANDROID_LINK_CLOCK_SKEW_SECONDS,
  ANDROID_LINK_TTL_SECONDS,
  SocialLoginText,
  androidHashMessage,
  androidIdTokenQuerySchema,
  androidLoginQuerySchema,
} from '@retouch/shared/social-login';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { latestConfirmationDate } from '../auth/email-confirmations.repository';
import { findUserByEmail, updateUser } from '../users/users.repository';
import { isIdTokenFault, type GoogleIdTokenVerifier } from './google-id-token';
import type { SocialProfile } from './social-login.providers';
import { claimAndroidLink, deleteExpiredAndroidLinks } from './social-login.repository';
import { insertCustomer, refuseStaffAccount, resolveSocialUser, type Person } from './social-login.service';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export interface AndroidHookDeps {
  db: Database;
  clock: Clock;
  /** Set when GOOGLE_ANDROID_CLIENT_ID is: the app signs in with a Google ID token. */
  idTokens: GoogleIdTokenVerifier | null;
  /** Set only when ANDROID_HASH_LOGIN is on: the secret of the specification's hash link. */
  hashSecret: string | null;
  /** Mails the first confirmation link to an account the hash link made; answers when it was issued. */
  mailConfirmation(userId: string): Promise<Date>;
}

/**
 * What the hook answers, like `POST /api/login`: the user to sign in (`signedInAlready` when the browser
 * asking holds that user's session), or the pending confirmation of an account whose e-mail is not confirmed.
 */
export type AppLogin =
  | { kind: 'user'; userId: string; signedInAlready: boolean }
  | { kind: 'pending'; pending: PendingConfirmation };

/**
 * The login the mobile app asks for with `GET /api/login/google/android`: a Google ID token (`id_token`),
 * or the hash link where the server turned it on; a form not turned on does not exist (404).
 * `signedInUserId` is the user whose session the asking browser already holds, if any.
 */
export async function logInFromApp(
  deps: AndroidHookDeps,
  query: Record<string, unknown>,
  signedInUserId: string | null,
): Promise<AppLogin> {
  const usesHashLink = !('id_token' in query) && ('hash' in query || !deps.idTokens);
  if (usesHashLink) return logInWithHashLink(deps, query, signedInUserId);
  return { kind: 'user', userId: await logInWithIdToken(deps, query), signedInAlready: false };
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
 * ships inside the app, so anyone can sign a link for any address). Nor does it prove the mailbox: an
 * account it makes gets no bonus and, like any unconfirmed account, no session until its e-mail is confirmed.
 */
async function logInWithHashLink(
  deps: AndroidHookDeps,
  query: Record<string, unknown>,
  signedInUserId: string | null,
): Promise<AppLogin> {
  if (!deps.hashSecret) throw AppError.notFound(SocialLoginText.androidUnavailable);
  const now = deps.clock.now();
  const link = verifyHashLink(deps.hashSecret, query, now);
  // Kept a little past expiry, so an instance whose clock is behind still finds the link used.
  await deleteExpiredAndroidLinks(deps.db, new Date(now.getTime() - ANDROID_LINK_CLOCK_SKEW_SECONDS * 1000));
  // Two first links for one new address at once: the loser of the unique e-mail finds the winner's account.
  let outcome: HashLinkOutcome;
  try {
    outcome = await deps.db.transaction((tx) => spendHashLink(tx, now, link, signedInUserId));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    outcome = await deps.db.transaction((tx) => spendHashLink(tx, now, link, signedInUserId));
  }
  if (outcome.kind === 'user') return outcome;
  const dateStart =
    outcome.kind === 'created'
      ? await deps.mailConfirmation(outcome.userId)
      : ((await latestConfirmationDate(deps.db, outcome.userId)) ?? outcome.createdAt);
  return {
    kind: 'pending',
    pending: {
      message: SocialLoginText.androidConfirmEmail,
      userId: outcome.userId,
      dateStart: dateStart.toISOString(),
    },
  };
}

type HashLinkOutcome =
  | Extract<AppLogin, { kind: 'user' }>
  | { kind: 'created'; userId: string }
  | { kind: 'unconfirmed'; userId: string; createdAt: Date };

/** Marks the link used and reads whom it names: a customer to sign in, or an account to confirm first. */
async function spendHashLink(
  tx: Transaction,
  now: Date,
  link: HashLink,
  signedInUserId: string | null,
): Promise<HashLinkOutcome> {
  const claimed = await claimAndroidLink(tx, link.hash, link.expiresAt);
  const existing = await findUserByEmail(tx, link.person.email);
  if (existing) await refuseStaffAccount(tx, existing.id, SocialLoginText.androidStaffRefused);
  if (!claimed) {
    // The page that used the link asking again (a refetch): the browser it signed in gets the same user.
    if (existing && existing.id === signedInUserId) {
      return { kind: 'user', userId: existing.id, signedInAlready: true };
    }
    throw AppError.unauthorized(SocialLoginText.androidLinkUsed);
  }
  if (!existing) return { kind: 'created', userId: await insertCustomer(tx, link.person, null) };
  if (!existing.emailConfirmedAt) {
    return { kind: 'unconfirmed', userId: existing.id, createdAt: existing.createdAt };
  }
  await updateUser(tx, existing.id, { lastActiveAt: now });
  return { kind: 'user', userId: existing.id, signedInAlready: false };
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
