import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailConfirmations, users } from '../../db/schema/index';

/** The unused, unexpired confirmation with this token, held until the transaction ends. */
export async function lockLiveConfirmation(db: Executor, userId: string, tokenHash: string, now: Date) {
  const [confirmation] = await db
    .select({ id: emailConfirmations.id })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        eq(emailConfirmations.tokenHash, tokenHash),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .for('update');
  return confirmation;
}

export async function markConfirmationUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(emailConfirmations).set({ usedAt: now }).where(eq(emailConfirmations.id, id));
}

export async function insertConfirmation(
  db: Executor,
  row: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(emailConfirmations).values(row);
}

export async function latestConfirmationDate(db: Executor, userId: string): Promise<Date | undefined> {
  const [last] = await db
    .select({ createdAt: emailConfirmations.createdAt })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.userId, userId))
    .orderBy(desc(emailConfirmations.createdAt))
    .limit(1);
  return last?.createdAt;
}

/** The live user's e-mail and confirmation date, the row held (`no key update`) until the end. */
export async function lockUserConfirmation(db: Executor, userId: string) {
  const [user] = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('no key update');
  return user;
}
