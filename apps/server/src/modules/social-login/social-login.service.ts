import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { RoleTitle } from '@retouch/shared/permissions';
import {
  OAUTH_STATE_TTL_MINUTES,
  SocialLoginText,
  socialCallbackQuerySchema,
  socialProviderSchema,
  type SocialProvider,
} from '@retouch/shared/social-login';
import type { Database, Executor, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { grantRegistrationBonus } from '../ledger/ledger.service';
import { findEffectivePermissions, findRoleIdByTitle } from '../permissions/permissions.repository';
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

/** Staff sign in with their password only: an account holding any permission sign is refused (403). */
export async function refuseStaffAccount(db: Executor, userId: string, message: string): Promise<void> {
  const permissions = await findEffectivePermissions(db, userId);
  if (permissions.some((entry) => entry.status)) throw AppError.forbidden(message);
}

/** A new customer of that e-mail without a password; confirmed only when `confirmedAt` is given. */
export async function insertCustomer(
  tx: Transaction,
  person: Person,
  confirmedAt: Date | null,
): Promise<string> {
  const roleId = await findRoleIdByTitle(tx, RoleTitle.user);
  if (!roleId) throw new Error('The User role is missing: the database was not seeded');
  return insertUser(tx, {
    email: person.email,
    passwordHash: null,
    giveName: person.giveName,
    familyName: person.familyName,
    roleId,
    emailConfirmedAt: confirmedAt,
  });
}

/**
 * The live user of that e-mail (`existing`), or a new confirmed customer, with the registration bonus
 * (paid once per user). An existing account still unconfirmed becomes confirmed and loses its password:
 * whoever registered it never proved owning the address, which the provider now does.
 */
async function confirmOrCreateUser(
  tx: Transaction,
  now: Date,
  person: Person,
  existing: { id: string; emailConfirmedAt: Date | null } | undefined,
): Promise<string> {
  if (existing?.emailConfirmedAt) {
    await updateUser(tx, existing.id, { lastActiveAt: now });
    return existing.id;
  }
  if (existing) {
    await updateUser(tx, existing.id, { lastActiveAt: now, emailConfirmedAt: now, passwordHash: null });
  }
  const userId = existing?.id ?? (await insertCustomer(tx, person, now));
  // An account the mobile app's link made has no bonus yet: the provider's proof of the mailbox pays it.
  await grantRegistrationBonus(tx, userId);
  return userId;
}

async function linkOrCreate(
  tx: Transaction,
  now: Date,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<string> {
  const staffRefused = SocialLoginText.staffRefused(provider);
  const linked = await findSocialAccount(tx, provider, profile.subject);
  if (linked && !linked.deletedAt) {
    await refuseStaffAccount(tx, linked.userId, staffRefused);
    await updateUser(tx, linked.userId, { lastActiveAt: now });
    return linked.userId;
  }
  // A deleted account stays deleted: its link is dropped and the person is treated as new.
  if (linked) await deleteSocialAccount(tx, linked.id);
  if (!profile.email || !profile.emailVerified) {
    throw AppError.badRequest(SocialLoginText.emailNotVerified(provider));
  }
  const email = profile.email.toLowerCase();
  const existing = await findUserByEmail(tx, email);
  if (existing) await refuseStaffAccount(tx, existing.id, staffRefused);
  const userId = await confirmOrCreateUser(tx, now, { ...profile, email }, existing);
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
