import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SocialProvider } from '@retouch/shared/social-login';
import type { Executor } from '../../db/client';
import { oauthStates, socialAccounts, usedAndroidLinks, users } from '../../db/schema/index';

export interface NewOAuthState {
  state: string;
  provider: SocialProvider;
  codeVerifier: string;
  nonce: string | null;
  expiresAt: Date;
}

export async function insertOAuthState(db: Executor, row: NewOAuthState): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/**
 * Marks a live, unused state of that provider used and returns its verifier and nonce, in one
 * statement: of two callbacks with the same state only one gets it back.
 */
export async function consumeOAuthState(db: Executor, state: string, provider: SocialProvider, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.state, state),
        eq(oauthStates.provider, provider),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ codeVerifier: oauthStates.codeVerifier, nonce: oauthStates.nonce });
  return row;
}

/** The user a provider account is linked to, with whether that user was deleted. */
export async function findSocialAccount(db: Executor, provider: SocialProvider, subject: string) {
  const [row] = await db
    .select({ id: socialAccounts.id, userId: socialAccounts.userId, deletedAt: users.deletedAt })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
  return row;
}

export async function insertSocialAccount(
  db: Executor,
  row: { userId: string; provider: SocialProvider; subject: string; email: string | null },
): Promise<void> {
  await db.insert(socialAccounts).values(row);
}

export async function deleteSocialAccount(db: Executor, id: string): Promise<void> {
  await db.delete(socialAccounts).where(eq(socialAccounts.id, id));
}

/**
 * Records a mobile-app hash link as used; false when it already was. Of two transactions inserting the
 * same link at once, the second waits for the first and then finds it: one login per link.
 */
export async function claimAndroidLink(db: Executor, hash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(usedAndroidLinks)
    .values({ hash, expiresAt })
    .onConflictDoNothing()
    .returning({ hash: usedAndroidLinks.hash });
  return rows.length > 0;
}

/** Forgets used links that expired before `before`: they are refused by their age anyway. */
export async function deleteExpiredAndroidLinks(db: Executor, before: Date): Promise<void> {
  await db.delete(usedAndroidLinks).where(lt(usedAndroidLinks.expiresAt, before));
}
