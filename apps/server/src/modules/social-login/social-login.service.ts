import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { RoleTitle } from '@retouch/shared/permissions';
import {
  OAUTH_STATE_TTL_MINUTES,
  SocialLoginText,
  socialCallbackQuerySchema,
  socialProviderSchema,
  type SocialProvider,
} from '@retouch/shared/social-login';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { LedgerReason } from '../../db/values';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { findRoleIdByTitle } from '../permissions/permissions.repository';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repository';
import type { ProviderClient, SocialProfile } from './social-login.providers';
import {
  consumeOAuthState,
  deleteSocialAccount,
  findSocialAccount,
  insertOAuthState,
  insertSocialAccount,
} from './social-login.repository';

export interface SocialLoginDeps {
  db: Database;
  clock: Clock;
  providers: ReadonlyMap<SocialProvider, ProviderClient>;
}

/** The configured client of a provider named in a path; anything else is not offered: 404. */
export function providerClient(deps: SocialLoginDeps, name: string): ProviderClient {
  const parsed = socialProviderSchema.safeParse(name);
  const client = parsed.success ? deps.providers.get(parsed.data) : undefined;
  if (!client) throw AppError.notFound(SocialLoginText.providerUnavailable);
  return client;
}

/**
 * Stores a fresh state, PKCE verifier and (OIDC) nonce, and answers the provider's authorization address
 * with the state, which the caller also keeps in the browser to bind the sign-in to it.
 */
export async function startSocialLogin(
  deps: SocialLoginDeps,
  client: ProviderClient,
): Promise<{ url: string; state: string }> {
  const configuration = await reach(client);
  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = client.isOidc ? oidc.randomNonce() : null;
  const expiresAt = new Date(deps.clock.now().getTime() + OAUTH_STATE_TTL_MINUTES * 60_000);
  await insertOAuthState(deps.db, { state, provider: client.provider, codeVerifier, nonce, expiresAt });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: client.redirectUri,
    scope: client.scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  return { url: url.href, state };
}

/**
 * Completes a sign-in from the query the provider sent back, in the browser that started it (its state
 * cookie, `browserState`): uses the state once, exchanges the code with the PKCE verifier, reads the
 * person and answers the id of the user to log in.
 */
export async function completeSocialLogin(
  deps: SocialLoginDeps,
  client: ProviderClient,
  query: unknown,
  browserState: string | undefined,
): Promise<string> {
  const parsed = socialCallbackQuerySchema.safeParse(query);
  const state = parsed.success ? parsed.data.state : undefined;
  if (!parsed.success || !state) throw AppError.badRequest(SocialLoginText.stateInvalid);
  // Another browser's callback link (login CSRF: the attacker's code in the victim's browser).
  if (!browserState || !sameSecret(state, browserState)) {
    throw AppError.badRequest(SocialLoginText.stateInvalid);
  }
  const stored = await consumeOAuthState(deps.db, state, client.provider, deps.clock.now());
  if (!stored) throw AppError.badRequest(SocialLoginText.stateInvalid);
  if (parsed.data.error) throw new AppError(400, SocialLoginText.cancelled, parsed.data.error);
  if (!parsed.data.code) throw AppError.badRequest(SocialLoginText.providerFailed(client.provider));

  const configuration = await reach(client);
  const profile = await exchangeCode(client, configuration, callbackUrl(client, query), {
    pkceCodeVerifier: stored.codeVerifier,
    expectedState: state,
    ...(stored.nonce ? { expectedNonce: stored.nonce } : {}),
    idTokenExpected: client.isOidc,
  });
  return resolveSocialUser(deps, client.provider, profile);
}

/** The user of that provider account: linked before, else found or created by its verified e-mail. */
export async function resolveSocialUser(
  deps: Pick<SocialLoginDeps, 'db' | 'clock'>,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<string> {
  // Two first sign-ins at once: the loser of the unique index finds the winner's rows on the retry.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await deps.db.transaction((tx) => linkOrCreate(tx, deps.clock.now(), provider, profile));
    } catch (error) {
      if (attempt > 0 || !isUniqueViolation(error)) throw error;
    }
  }
}

export interface Person {
  email: string;
  giveName: string;
  familyName: string;
}

/**
 * The live user of that e-mail, or a new confirmed customer with the registration bonus. An existing
 * account still unconfirmed becomes confirmed and loses its password: whoever registered it never
 * proved owning the address, which the provider (or the signed app link) now does.
 */
export async function findOrCreateConfirmedUser(tx: Transaction, now: Date, person: Person): Promise<string> {
  const existing = await findUserByEmail(tx, person.email);
  if (existing) {
    await updateUser(tx, existing.id, {
      lastActiveAt: now,
      ...(existing.emailConfirmedAt ? {} : { emailConfirmedAt: now, passwordHash: null }),
    });
    return existing.id;
  }
  const roleId = await findRoleIdByTitle(tx, RoleTitle.user);
  if (!roleId) throw new Error('The User role is missing: the database was not seeded');
  const userId = await insertUser(tx, {
    email: person.email,
    passwordHash: null,
    giveName: person.giveName,
    familyName: person.familyName,
    roleId,
    emailConfirmedAt: now,
  });
  // The same ledger entry as a registration's (auth.service registerCustomer), so it is paid once per user.
  await applyLedgerEntry(tx, {
    userId,
    deltaMain: 0,
    deltaBonus: REGISTRATION_BONUS_TOKENS,
    reason: LedgerReason.registrationBonus,
    idempotencyKey: `registration-bonus:${userId}`,
  });
  return userId;
}

async function linkOrCreate(
  tx: Transaction,
  now: Date,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<string> {
  const linked = await findSocialAccount(tx, provider, profile.subject);
  if (linked && !linked.deletedAt) {
    await updateUser(tx, linked.userId, { lastActiveAt: now });
    return linked.userId;
  }
  // A deleted account stays deleted: its link is dropped and the person is treated as new.
  if (linked) await deleteSocialAccount(tx, linked.id);
  if (!profile.email || !profile.emailVerified) {
    throw AppError.badRequest(SocialLoginText.emailNotVerified(provider));
  }
  const email = profile.email.toLowerCase();
  const userId = await findOrCreateConfirmedUser(tx, now, { ...profile, email });
  await insertSocialAccount(tx, { userId, provider, subject: profile.subject, email });
  return userId;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

async function reach(client: ProviderClient): Promise<oidc.Configuration> {
  try {
    return await client.configuration();
  } catch (error) {
    throw new AppError(502, SocialLoginText.providerUnreachable(client.provider), String(error));
  }
}

/** The address the provider redirected to, with every parameter it added (code, state, iss). */
function callbackUrl(client: ProviderClient, query: unknown): URL {
  const url = new URL(client.redirectUri);
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string') url.searchParams.set(key, value);
  }
  return url;
}

async function exchangeCode(
  client: ProviderClient,
  configuration: oidc.Configuration,
  url: URL,
  checks: oidc.AuthorizationCodeGrantChecks,
): Promise<SocialProfile> {
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, url, checks);
    return await client.readProfile(configuration, tokens);
  } catch (error) {
    throw new AppError(400, SocialLoginText.providerFailed(client.provider), describe(error));
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  let detail = '';
  try {
    detail = cause === undefined ? '' : ` (${JSON.stringify(cause)})`;
  } catch {
    detail = ` (${String(cause)})`;
  }
  return `${error.name}: ${error.message}${detail}`;
}
