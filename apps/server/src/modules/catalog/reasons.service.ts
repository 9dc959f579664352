import type { z } from 'zod';
import { AuditTarget } from '@retouch/shared/audit';
import {
  CatalogText,
  type reasonBodySchema,
  type reasonCreateBodySchema,
  type RefusalReason,
} from '@retouch/shared/catalog';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { changesNothing, recordRowChange } from '../audit/audit.repository';
import {
  insertReason,
  listLiveReasons,
  lockLiveReasonRow,
  softDeleteReason,
  updateReasonRow,
  type ReasonRow,
} from './reasons.repository';

function toReason(row: ReasonRow): RefusalReason {
  return { _id: row.id, title: { admin: row.titleAdmin, user: row.titleUser } };
}

/** A reason's body, as its route parsed it: titles filled on an edit, possibly empty on create. */
type ReasonInput = z.output<typeof reasonBodySchema> | z.output<typeof reasonCreateBodySchema>;

function toReasonValues({ title }: ReasonInput) {
  return { titleAdmin: title.admin, titleUser: title.user };
}

export async function listReasons(db: Database): Promise<RefusalReason[]> {
  return (await listLiveReasons(db)).map(toReason);
}

const reasonTarget = (row: ReasonRow) => ({ type: AuditTarget.reason, id: row.id, label: row.titleAdmin });

async function lockLiveReason(tx: Transaction, id: string): Promise<ReasonRow> {
  const row = await lockLiveReasonRow(tx, id);
  if (!row) throw AppError.notFound(CatalogText.reasonNotFound);
  return row;
}

/** Creates a reason with the titles sent, empty ones when none were (back office section 7). */
export async function createReason(db: Database, actorId: string, body: ReasonInput): Promise<RefusalReason> {
  const values = toReasonValues(body);
  return db.transaction(async (tx) => {
    const row = await insertReason(tx, values);
    await recordRowChange(tx, actorId, reasonTarget(row), { before: null, after: row });
    return toReason(row);
  });
}

export async function updateReason(
  db: Database,
  actorId: string,
  id: string,
  body: ReasonInput,
): Promise<RefusalReason> {
  const values = toReasonValues(body);
  return db.transaction(async (tx) => {
    const before = await lockLiveReason(tx, id);
    if (changesNothing(before, values)) return toReason(before);
    const after = await updateReasonRow(tx, id, values);
    await recordRowChange(tx, actorId, reasonTarget(before), { before, after });
    return toReason(after);
  });
}

/** Soft delete: refused orders keep showing the reason they were refused for. */
export async function deleteReason(db: Database, actorId: string, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const reason = await lockLiveReason(tx, id);
    await softDeleteReason(tx, id, now);
    await recordRowChange(tx, actorId, reasonTarget(reason), { before: reason, after: null });
  });
}
