import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

export async function insertSession(
  db: Executor,
  session: { tokenHash: string; userId: string; expiresAt: Date; userAgent?: string },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session's user id when the session is live: not revoked, not expired, user not deleted. */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastActiveAt: users.lastActiveAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
