import { isDeepStrictEqual } from 'node:util';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  AuditAction,
  type AuditActionValue,
  type AuditEntry,
  type AuditQuery,
  type AuditTargetValue,
} from '@retouch/shared/audit';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';

export interface AuditRecord {
  actorId: string;
  action: AuditActionValue;
  target: { type: AuditTargetValue; id: string; label: string };
  before: unknown;
  after: unknown;
}

/** Writes one entry; called with the transaction of the change, so both land or neither does. */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** A page of entries, newest first, with the number of all that match. */
export async function findAuditPage(
  db: Executor,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(({ entry, actorEmail }) => ({
      _id: String(entry.id),
      createdAt: entry.createdAt.toISOString(),
      actor: { _id: entry.actorId, email: actorEmail },
      action: entry.action,
      target: { type: entry.targetType, _id: entry.targetId, label: entry.targetLabel },
      before: entry.before,
      after: entry.after,
    })),
    total: counted?.total ?? 0,
  };
}

/** A user as the log names them: their e-mail then. */
export async function userTarget(db: Executor, userId: string): Promise<AuditRecord['target']> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { type: 'user', id: userId, label: row?.email ?? userId };
}

/** A row as the log keeps it: its values without its id and bookkeeping times. */
function rowFields(row: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, createdAt: _createdAt, deletedAt: _deletedAt, ...fields } = row;
  return fields;
}

/**
 * Whether writing `values` over `row` would change nothing: each value (undefined ones are not written)
 * equal to the row's. Staff saving a form as it is write no update and no audit entry.
 */
export function changesNothing(row: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(
    ([key, value]) => value === undefined || isDeepStrictEqual(row[key], value),
  );
}

/**
 * One entry for a row written by staff: created (no before), changed, or deleted (no after), each side
 * the row's own values; an update that left the row as it was writes nothing. Called with the
 * transaction of the change.
 */
export async function recordRowChange(
  db: Executor,
  actorId: string,
  target: AuditRecord['target'],
  change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): Promise<void> {
  const before = change.before && rowFields(change.before);
  const after = change.after && rowFields(change.after);
  if (before && after && isDeepStrictEqual(before, after)) return;
  const action =
    change.before === null
      ? AuditAction.create
      : change.after === null
        ? AuditAction.delete
        : AuditAction.update;
  await recordAudit(db, {
    actorId,
    action,
    target,
    before,
    after,
  });
}
