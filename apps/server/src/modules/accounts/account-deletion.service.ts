import { AccountText, type AccountSecurity, type DeleteAccountBody } from '@retouch/shared/accounts';
import { RoleTitle } from '@retouch/shared/permissions';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { storageKeyFromPath } from '../../storage/storage';
import { closeAccount } from '../users/account-closure';
import { lockLiveUser } from '../users/admin-users.repository';
import { findUserById } from '../users/users.repository';
import { sendMailLogged, type AccountDeps } from './accounts.deps';
import { FINISHED_CONDITIONS, expireUserPictures } from './picture-retention';
import { hasOrderInWork } from './picture-retention.repository';

/** How the owner confirms the deletion: by password, or by the e-mail for an account without one. */
export async function loadAccountSecurity(
  deps: Pick<AccountDeps, 'db'>,
  userId: string,
): Promise<AccountSecurity> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  return { hasPassword: user.passwordHash !== null };
}

/**
 * Deletes the customer's own account once confirmed: personal data anonymised, social logins
 * unlinked, sessions revoked, then every picture of theirs removed and their orders flagged expired;
 * orders and ledger rows stay for the books. A confirmation goes to the address the account had.
 * Staff accounts are refused (an administrator deletes them), as is an account with an order in work.
 */
export async function deleteOwnAccount(
  deps: AccountDeps,
  userId: string,
  confirmation: DeleteAccountBody,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  if (user.roleTitle !== RoleTitle.user) throw AppError.forbidden(AccountText.staffCannotDelete);
  if (user.passwordHash) {
    if (!(await verifyPassword(user.passwordHash, confirmation.password ?? '')))
      throw AppError.forbidden(AccountText.wrongPassword);
  } else if (confirmation.email?.trim().toLowerCase() !== user.email) {
    throw AppError.forbidden(AccountText.wrongEmail);
  }
  const now = deps.clock.now();
  const revoked = await deps.db.transaction(async (tx) => {
    // The user's row lock serialises the deletion with a new order, which charges the balance.
    if (!(await lockLiveUser(tx, userId))) throw AppError.unauthorized();
    // An order in work needs its pictures: the customer waits for it to finish.
    if (await hasOrderInWork(tx, userId, FINISHED_CONDITIONS))
      throw AppError.conflict(AccountText.ordersInWork);
    const ended = await closeAccount(tx, userId, now, { anonymise: true });
    if (!ended) throw AppError.unauthorized();
    return ended;
  });
  if (revoked.length > 0) await deps.events.sessionsEnded(userId, revoked);
  await removeFilesOf(deps, userId, user.picture, now);
  await sendMailLogged(deps, {
    to: user.email,
    subject: 'Your account was deleted',
    text: `Your Retouch account was deleted as you asked.\n\nYour pictures were removed and your personal data erased; your orders are kept in our books without them. Remaining tokens are lost.\n\nIf it was not you, contact us at once.`,
  });
}

/** After the commit: a failure is logged, and the retention job removes the order pictures later anyway. */
async function removeFilesOf(deps: AccountDeps, userId: string, avatar: string | null, now: Date) {
  try {
    const avatarKey = storageKeyFromPath(avatar);
    if (avatarKey) await deps.storage.remove(avatarKey);
    await expireUserPictures(deps, userId, now);
  } catch (error) {
    deps.log.error(error, 'pictures of a deleted account were not all removed');
  }
}
