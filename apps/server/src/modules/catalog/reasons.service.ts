import { and, asc, eq, isNull } from 'drizzle-orm';
import { CatalogText, reasonBodySchema, type RefusalReason } from '@retouch/shared/catalog';
import type { Database } from '../../db/client';
import { refusalReasons } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';

type ReasonRow = typeof refusalReasons.$inferSelect;

function toReason(row: ReasonRow): RefusalReason {
  return { _id: row.id, title: { admin: row.titleAdmin, user: row.titleUser } };
}

function toReasonValues(body: unknown) {
  const { title } = parseInput(reasonBodySchema, body ?? {});
  return { titleAdmin: title.admin, titleUser: title.user };
}

export async function listReasons(db: Database): Promise<RefusalReason[]> {
  const rows = await db
    .select()
    .from(refusalReasons)
    .where(isNull(refusalReasons.deletedAt))
    .orderBy(asc(refusalReasons.createdAt));
  return rows.map(toReason);
}

export async function createReason(db: Database, body: unknown): Promise<RefusalReason> {
  const [row] = await db.insert(refusalReasons).values(toReasonValues(body)).returning();
  return toReason(row!);
}

export async function updateReason(db: Database, id: string, body: unknown): Promise<RefusalReason> {
  const [row] = await db
    .update(refusalReasons)
    .set(toReasonValues(body))
    .where(and(eq(refusalReasons.id, id), isNull(refusalReasons.deletedAt)))
    .returning();
  if (!row) throw AppError.notFound(CatalogText.reasonNotFound);
  return toReason(row);
}

/** Soft delete: refused orders keep showing the reason they were refused for. */
export async function deleteReason(db: Database, id: string, now: Date): Promise<void> {
  const deleted = await db
    .update(refusalReasons)
    .set({ deletedAt: now })
    .where(and(eq(refusalReasons.id, id), isNull(refusalReasons.deletedAt)))
    .returning({ id: refusalReasons.id });
  if (deleted.length === 0) throw AppError.notFound(CatalogText.reasonNotFound);
}
