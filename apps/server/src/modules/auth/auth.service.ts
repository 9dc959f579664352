import type { FastifyBaseLogger } from 'fastify';
import {
  CONFIRMATION_LINK_TTL_HOURS,
  CONFIRMATION_RESEND_COOLDOWN_SECONDS,
  REGISTRATION_BONUS_TOKENS,
} from '@retouch/shared/constants';
import type { PendingConfirmation } from '@retouch/shared/auth';
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
import { applyLedgerEntry } from '../ledger/ledger.service';
import { findRoleIdByTitle } from '../permissions/permissions.repository';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/users.repository';
import {
  insertConfirmation,
  latestConfirmationDate,
  lockLiveConfirmation,
  lockUserConfirmation,
  markConfirmationUsed,
} from './email-confirmations.repository';

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

/** Creates an unconfirmed customer with the registration bonus in the ledger, and mails the confirmation link. */
export async function registerCustomer(deps: AuthDeps, input: Registration): Promise<PendingConfirmation> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  let created: { userId: string; token: string; dateStart: Date };
  try {
    created = await deps.db.transaction(async (tx) => {
      const roleId = await findRoleIdByTitle(tx, RoleTitle.user);
      if (!roleId) throw new Error('The User role is missing: the database was not seeded');
      if (await findUserByEmail(tx, input.email)) throw AppError.conflict(ServerText.emailTaken);
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
    if (isUniqueViolation(error)) throw AppError.conflict(ServerText.emailTaken);
    throw error;
  }
  await sendConfirmationMail(deps, input.email, created.userId, created.token);
  return {
    message: ServerText.confirmEmailSent,
    userId: created.userId,
    dateStart: created.dateStart.toISOString(),
  };
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
    return ServerText.emailConfirmed;
  });
}

/** Sends a new confirmation link, at most once per cooldown. */
export async function resendConfirmation(deps: AuthDeps, userId: string): Promise<PendingConfirmation> {
  const now = deps.clock.now();
  const issued = await deps.db.transaction(async (tx) => {
    // Locking the user row makes two simultaneous resends queue, so the cooldown holds.
    const user = await lockUserConfirmation(tx, userId);
    if (!user) throw AppError.notFound(ServerText.userNotFound);
    if (user.confirmedAt) throw AppError.conflict(ServerText.alreadyConfirmed);
    const last = await latestConfirmationDate(tx, userId);
    if (last && now.getTime() - last.getTime() < CONFIRMATION_RESEND_COOLDOWN_SECONDS * 1000) {
      throw AppError.tooManyRequests(ServerText.resendTooSoon);
    }
    const { token, dateStart } = await createConfirmation(tx, userId, now);
    return { email: user.email, token, dateStart };
  });
  await sendConfirmationMail(deps, issued.email, userId, issued.token);
  return { message: ServerText.confirmationResent, userId, dateStart: issued.dateStart.toISOString() };
}

export type LoginResult =
  { kind: 'user'; userId: string } | { kind: 'pending'; pending: PendingConfirmation };

/** Checks the credentials; an unconfirmed account answers its pending confirmation instead of a session. */
export async function authenticate(deps: AuthDeps, email: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(deps.db, email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) throw AppError.unauthorized(ServerText.wrongCredentials);
  if (!user.emailConfirmedAt) {
    const last = (await latestConfirmationDate(deps.db, user.id)) ?? user.createdAt;
    return {
      kind: 'pending',
      pending: { message: ServerText.confirmEmailSent, userId: user.id, dateStart: last.toISOString() },
    };
  }
  await updateUser(deps.db, user.id, { lastActiveAt: deps.clock.now() });
  return { kind: 'user', userId: user.id };
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
