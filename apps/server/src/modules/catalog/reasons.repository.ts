import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refusalReasons } from '../../db/schema/index';

export type ReasonRow = typeof refusalReasons.$inferSelect;

export function listLiveReasons(db: Executor): Promise<ReasonRow[]> {
  return db
    .select()
    .from(refusalReasons)
    .where(isNull(refusalReasons.deletedAt))
    .orderBy(asc(refusalReasons.createdAt));
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

export async function liveReasonExists(db: Executor, id: string): Promise<boolean> {
  const [reason] = await db
    .select({ id: refusalReasons.id })
    .from(refusalReasons)
    .where(and(eq(refusalReasons.id, id), isNull(refusalReasons.deletedAt)));
  return reason !== undefined;
}
