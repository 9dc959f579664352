import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets, users } from '../../db/schema/index';

export async function insertPasswordReset(
  db: Executor,
  reset: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(reset);
}

/** When the user's newest reset link was issued, if any. */
export async function latestPasswordResetDate(db: Executor, userId: string): Promise<Date | undefined> {
  const [last] = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  return last?.createdAt;
}

/** The live reset of that token (unused, unexpired, user not deleted), locked for the rest of the transaction. */
export async function lockLivePasswordReset(db: Executor, tokenHash: string, now: Date) {
  const [reset] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .for('update', { of: passwordResets });
  return reset;
}

/** Marks every unused reset of the user used: one reset spends all the links mailed before it. */
export async function spendPasswordResets(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The live user's id, the row held (`no key update`) until the transaction ends. */
export async function lockLiveUserId(db: Executor, userId: string): Promise<string | undefined> {
  const [locked] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('no key update');
  return locked?.id;
}

export async function findEmailConfirmedAt(db: Executor, userId: string) {
  const [user] = await db
    .select({ emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}
