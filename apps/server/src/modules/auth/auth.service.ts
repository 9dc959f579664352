import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONFIRMATION_LINK_TTL_HOURS,
  CONFIRMATION_RESEND_COOLDOWN_SECONDS,
  REGISTRATION_BONUS_TOKENS,
} from '@retouch/shared/constants';
import type { PendingConfirmation, ResendAnswer } from '@retouch/shared/auth';
import { RoleTitle } from '@retouch/shared/permissions';
import { ServerText } from '@retouch/shared/texts';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { LedgerReason } from '../../db/values';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newSecretToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { applyLedgerEntry, grantRegistrationBonus } from '../ledger/ledger.service';
import { findRoleIdByTitle } from '../permissions/permissions.repository';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/users.repository';
import {
  insertConfirmation,
  latestConfirmationDate,
  lockLiveConfirmation,
  lockUserConfirmation,
  markConfirmationUsed,
} from './email-confirmations.repository';
import { isDeviceTokenOf, newDeviceToken } from './known-devices';

export interface AuthDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

export interface Registration {
  email: string;
  password: string;
  name: { giveName: string; familyName: string };
}

/**
 * Creates an unconfirmed customer with the registration bonus in the ledger, and mails the confirmation
 * link. An e-mail that already has an account is answered alike (its id one that names no account) and
 * its owner is mailed instead, so the answer does not tell which e-mails have accounts (issue 35).
 */
export async function registerCustomer(deps: AuthDeps, input: Registration): Promise<PendingConfirmation> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const created = await createCustomer(deps, input, passwordHash);
  if (created) {
    await sendConfirmationMail(deps, input.email, created.userId, created.token);
  } else {
    await sendRegistrationAttemptMail(deps, input.email);
  }
  const { userId, dateStart } = created ?? { userId: randomUUID(), dateStart: deps.clock.now() };
  return { message: ServerText.confirmEmailSent, userId, dateStart: dateStart.toISOString() };
}

/** The new customer and its first confirmation link; undefined when the e-mail has an account already. */
async function createCustomer(deps: AuthDeps, input: Registration, passwordHash: string) {
  try {
    return await deps.db.transaction(async (tx) => {
      const roleId = await findRoleIdByTitle(tx, RoleTitle.user);
      if (!roleId) throw new Error('The User role is missing: the database was not seeded');
      if (await findUserByEmail(tx, input.email)) return undefined;
      const userId = await insertUser(tx, {
        email: input.email,
        passwordHash,
        giveName: input.name.giveName,
        familyName: input.name.familyName,
        roleId,
      });
      await applyLedgerEntry(tx, {
        userId,
        deltaMain: 0,
        deltaBonus: REGISTRATION_BONUS_TOKENS,
        reason: LedgerReason.registrationBonus,
        idempotencyKey: `registration-bonus:${userId}`,
      });
      const { token, dateStart } = await createConfirmation(tx, userId, deps.clock.now());
      return { userId, token, dateStart };
    });
  } catch (error) {
    // The same e-mail registered at the same moment: it has an account now.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Marks the e-mail confirmed when the link's token is live. */
export async function confirmEmail(deps: AuthDeps, userId: string, token: string): Promise<string> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const confirmation = await lockLiveConfirmation(tx, userId, hashToken(token), now);
    if (!confirmation) {
      const user = await findUserById(tx, userId);
      if (user?.emailConfirmedAt) return ServerText.alreadyConfirmed;
      throw AppError.badRequest(ServerText.confirmationInvalid);
    }
    await markConfirmationUsed(tx, confirmation.id, now);
    await updateUser(tx, userId, { emailConfirmedAt: now });
    await grantRegistrationBonus(tx, userId);
    return ServerText.emailConfirmed;
  });
}

/**
 * Sends a new confirmation link to an unconfirmed account, at most once per cooldown. Every request is
 * answered alike (unknown or confirmed account, too soon, sent), so the route tells nothing about
 * accounts; the mail goes in the background so that a sent one is not answered measurably slower.
 */
export async function resendConfirmation(deps: AuthDeps, userId: string): Promise<ResendAnswer> {
  const now = deps.clock.now();
  const issued = await deps.db.transaction(async (tx) => {
    // Locking the user row makes two simultaneous resends queue, so the cooldown holds.
    const user = await lockUserConfirmation(tx, userId);
    if (!user || user.confirmedAt) return undefined;
    const last = await latestConfirmationDate(tx, userId);
    if (last && now.getTime() - last.getTime() < CONFIRMATION_RESEND_COOLDOWN_SECONDS * 1000)
      return undefined;
    const { token } = await createConfirmation(tx, userId, now);
    return { email: user.email, token };
  });
  if (issued) void sendConfirmationMail(deps, issued.email, userId, issued.token);
  return { message: ServerText.confirmationResent, dateStart: now.toISOString() };
}

export type LoginResult =
  { kind: 'user'; userId: string; deviceToken: string } | { kind: 'pending'; pending: PendingConfirmation };

/**
 * Checks the credentials; an unconfirmed account answers its pending confirmation instead of a session.
 * A signed-in browser gets a new token that makes it known to the account.
 */
export async function authenticate(deps: AuthDeps, email: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(deps.db, email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user?.passwordHash || !valid) throw AppError.unauthorized(ServerText.wrongCredentials);
  if (!user.emailConfirmedAt) {
    const last = (await latestConfirmationDate(deps.db, user.id)) ?? user.createdAt;
    return {
      kind: 'pending',
      pending: { message: ServerText.confirmEmailSent, userId: user.id, dateStart: last.toISOString() },
    };
  }
  await updateUser(deps.db, user.id, { lastActiveAt: deps.clock.now() });
  return {
    kind: 'user',
    userId: user.id,
    deviceToken: newDeviceToken({ id: user.id, passwordHash: user.passwordHash }),
  };
}

/** True when the browser's device token was given at a sign-in to this e-mail's account, under its current password. */
export async function isKnownDevice(
  deps: AuthDeps,
  email: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  return isDeviceTokenOf(await findUserByEmail(deps.db, email), token);
}

async function createConfirmation(db: Executor, userId: string, now: Date) {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + CONFIRMATION_LINK_TTL_HOURS * 3600 * 1000);
  await insertConfirmation(db, { userId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, dateStart: now };
}

async function sendConfirmationMail(
  deps: AuthDeps,
  email: string,
  userId: string,
  token: string,
): Promise<void> {
  const link = `${deps.publicUrl}/confirm?${new URLSearchParams({ userId, token }).toString()}`;
  try {
    await deps.mailer.send({
      to: email,
      subject: 'Confirm your e-mail',
      text: `Welcome to Retouch!\n\nConfirm your e-mail by opening this link:\n${link}\n\nThe link is valid for ${CONFIRMATION_LINK_TTL_HOURS} hours.`,
      html: `<p>Welcome to Retouch!</p><p><a href="${link}">Confirm your e-mail</a></p><p>The link is valid for ${CONFIRMATION_LINK_TTL_HOURS} hours.</p>`,
    });
  } catch (error) {
    // The account exists either way; the customer can ask for the link again.
    deps.log.error(error, 'confirmation mail was not sent');
  }
}

/** Tells the owner of an e-mail that someone tried to register it: they may have forgotten the account. */
async function sendRegistrationAttemptMail(deps: AuthDeps, email: string): Promise<void> {
  const login = `${deps.publicUrl}/login`;
  const reset = `${deps.publicUrl}/forgot-password`;
  try {
    await deps.mailer.send({
      to: email,
      subject: 'Someone tried to register with your e-mail',
      text: `Someone tried to create a Retouch account with this e-mail, but it already has one.\n\nIf it was you, sign in at ${login}, or set a new password at ${reset} if you have forgotten it.\n\nIf it was not you, ignore this mail: your account is unchanged.`,
      html: `<p>Someone tried to create a Retouch account with this e-mail, but it already has one.</p><p>If it was you, <a href="${login}">sign in</a>, or <a href="${reset}">set a new password</a> if you have forgotten it.</p><p>If it was not you, ignore this mail: your account is unchanged.</p>`,
    });
  } catch (error) {
    deps.log.error(error, 'registration attempt mail was not sent');
  }
}
