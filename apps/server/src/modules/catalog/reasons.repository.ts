import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refusalReasons } from '../../db/schema/index';

export type ReasonRow = typeof refusalReasons.$inferSelect;

/** In creation order, ties (rows made in one transaction) broken by id: a saved row keeps its place. */
export function listLiveReasons(db: Executor): Promise<ReasonRow[]> {
  return db
    .select()
    .from(refusalReasons)
    .where(isNull(refusalReasons.deletedAt))
    .orderBy(asc(refusalReasons.createdAt), asc(refusalReasons.id));
}

export async function lockLiveReasonRow(db: Executor, id: string): Promise<ReasonRow | undefined> {
  const [row] = await db
    .select()
    .from(refusalReasons)
    .where(and(eq(refusalReasons.id, id), isNull(refusalReasons.deletedAt)))
    .for('update');
  return row;
}

export async function insertReason(db: Executor, values: typeof refusalReasons.$inferInsert) {
  const [row] = await db.insert(refusalReasons).values(values).returning();
  return row!;
}

export async function updateReasonRow(
  db: Executor,
  id: string,
  values: Partial<typeof refusalReasons.$inferInsert>,
) {
  const [row] = await db.update(refusalReasons).set(values).where(eq(refusalReasons.id, id)).returning();
  return row!;
}

export async function softDeleteReason(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(refusalReasons).set({ deletedAt: now }).where(eq(refusalReasons.id, id));
}

/** A reason not deleted, with its titles (a reason is created empty and titled later). */
export async function findLiveReason(db: Executor, id: string): Promise<ReasonRow | undefined> {
  const [reason] = await db
    .select()
    .from(refusalReasons)
    .where(and(eq(refusalReasons.id, id), isNull(refusalReasons.deletedAt)));
  return reason;
}
