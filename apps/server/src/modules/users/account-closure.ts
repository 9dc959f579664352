import type { Executor } from '../../db/client';
import {
  anonymiseUser,
  revokeSessionsOf,
  softDeleteUser,
  unlinkSocialAccounts,
} from './admin-users.repository';

/** The e-mail an anonymised account keeps: unique, and undeliverable by design (RFC 2606 `.invalid`). */
function anonymisedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Closes a live account in the caller's transaction: marks it deleted and revokes every session; with
 * `anonymise`, also erases its personal data (e-mail, names, password, avatar) and unlinks its social
 * logins. Orders and ledger rows stay. Answers the revoked session ids, or undefined when no live user.
 */
export async function closeAccount(
  tx: Executor,
  userId: string,
  now: Date,
  options: { anonymise: boolean },
): Promise<string[] | undefined> {
  if (!(await softDeleteUser(tx, userId, now))) return undefined;
  if (options.anonymise) {
    await anonymiseUser(tx, userId, anonymisedEmail(userId));
    await unlinkSocialAccounts(tx, userId);
  }
  return revokeSessionsOf(tx, userId, now);
}
