import {
  AccountText,
  PASSWORD_RESET_MAIL_COOLDOWN_SECONDS,
  PASSWORD_RESET_TTL_HOURS,
} from '@retouch/shared/accounts';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { hashToken, newSecretToken } from '../../lib/tokens';
import { grantRegistrationBonus } from '../ledger/ledger.service';
import { revokeSessionsOf } from '../users/admin-users.repository';
import { findUserByEmail, updateUser } from '../users/users.repository';
import { sendMailLogged, type AccountDeps } from './accounts.deps';
import {
  findEmailConfirmedAt,
  insertPasswordReset,
  latestPasswordResetDate,
  lockLivePasswordReset,
  lockLiveUserId,
  spendPasswordResets,
} from './password-resets.repository';

/**
 * Mails a single-use link to set a new password when a live account has that e-mail (an account of
 * social login only may set its first password this way). The caller answers the same whatever
 * happens; at most one mail per account per cooldown, the rest silently dropped. The mail is sent in
 * the background so that a known e-mail is not answered measurably slower than an unknown one.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  const token = await deps.db.transaction(async (tx) => {
    // Locking the user row makes simultaneous requests queue, so the cooldown holds.
    if (!(await lockLiveUserId(tx, user.id))) return undefined;
    const last = await latestPasswordResetDate(tx, user.id);
    if (last && now.getTime() - last.getTime() < PASSWORD_RESET_MAIL_COOLDOWN_SECONDS * 1000)
      return undefined;
    const secret = newSecretToken();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_HOURS * 3600 * 1000);
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(secret),
      expiresAt,
      createdAt: now,
    });
    return secret;
  });
  if (!token) return;
  const link = `${deps.publicUrl}/reset-password?${new URLSearchParams({ token }).toString()}`;
  void sendMailLogged(deps, {
    to: user.email,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your Retouch account.\n\nSet a new password by opening this link:\n${link}\n\nThe link is valid for ${PASSWORD_RESET_TTL_HOURS} hour and works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Retouch account.</p><p><a href="${link}">Set a new password</a></p><p>The link is valid for ${PASSWORD_RESET_TTL_HOURS} hour and works once. If you did not ask for it, ignore this mail.</p>`,
  });
}

/**
 * Sets a new password from a live reset link: the link and every other unused one of the user are
 * spent, all the user's sessions end, the e-mail counts as confirmed (the link proved the mailbox),
 * and a notice is mailed. A used, expired or unknown token is refused.
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<void> {
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const reset = await lockLivePasswordReset(tx, hashToken(token), now);
    if (!reset) throw AppError.badRequest(AccountText.resetLinkInvalid);
    await spendPasswordResets(tx, reset.userId, now);
    const user = await findEmailConfirmedAt(tx, reset.userId);
    await updateUser(tx, reset.userId, { passwordHash, emailConfirmedAt: user?.emailConfirmedAt ?? now });
    if (!user?.emailConfirmedAt) await grantRegistrationBonus(tx, reset.userId);
    const revoked = await revokeSessionsOf(tx, reset.userId, now);
    return { userId: reset.userId, email: reset.email, revoked };
  });
  if (done.revoked.length > 0) await deps.events.sessionsEnded(done.userId, done.revoked);
  await sendMailLogged(deps, {
    to: done.email,
    subject: 'Your password was changed',
    text: `The password of your Retouch account was changed through a reset link, and every session was ended.\n\nIf it was not you, reset the password again at ${deps.publicUrl}/forgot-password and contact us.`,
  });
}
