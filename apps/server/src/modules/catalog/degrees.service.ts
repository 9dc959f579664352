import type { z } from 'zod';
import { AuditTarget } from '@retouch/shared/audit';
import {
  CatalogText,
  type degreeBodySchema,
  type degreeCreateBodySchema,
  type Degree,
} from '@retouch/shared/catalog';
import type { Database, Transaction } from '../../db/client';
import { AdvisoryLock, lockForTransaction } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import { changesNothing, recordRowChange } from '../audit/audit.repository';
import { toDegree } from './catalog.presenter';
import {
  insertDegree,
  listDegreeRows,
  softDeleteDegree,
  unsetDefaultDegree,
  updateDegreeRow,
  type DegreeRow,
} from './catalog.repository';

// Every change of degrees runs under one advisory lock, so "exactly one default" holds under any concurrency.
async function inDegreeLock<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, AdvisoryLock.degrees);
    return work(tx);
  });
}

export async function listDegrees(db: Database): Promise<Degree[]> {
  return (await listDegreeRows(db)).map(toDegree);
}

const degreeTarget = (row: DegreeRow) => ({ type: AuditTarget.degree, id: row.id, label: row.titleAdmin });

/** Creates a degree, empty unless titles were sent (back office section 7); the first one becomes the default. */
export async function createDegree(
  db: Database,
  actorId: string,
  { title }: z.output<typeof degreeCreateBodySchema>,
): Promise<Degree> {
  return inDegreeLock(db, async (tx) => {
    const hasDefault = (await listDegreeRows(tx)).some((degree) => degree.isDefault);
    const row = await insertDegree(tx, {
      titleAdmin: title.admin,
      titleUser: title.user,
      isDefault: !hasDefault,
    });
    await recordRowChange(tx, actorId, degreeTarget(row), { before: null, after: row });
    return toDegree(row);
  });
}

/** Unsets the default, logging the degree it leaves (default -> not); answers that degree. */
async function unsetDefault(tx: Transaction, actorId: string): Promise<DegreeRow | undefined> {
  const [unset] = await unsetDefaultDegree(tx);
  if (unset) {
    await recordRowChange(tx, actorId, degreeTarget(unset), {
      before: { ...unset, isDefault: true },
      after: unset,
    });
  }
  return unset;
}

/** A degree as the log keeps it when the default moved: which degree was the default then. */
const withDefault = (row: DegreeRow, defaultRow: DegreeRow | undefined) => ({
  ...row,
  defaultDegree: defaultRow ? { id: defaultRow.id, title: defaultRow.titleAdmin } : null,
});

/**
 * Renames a degree; `default: true` moves the default to it, unsetting the default alone is refused.
 * A moved default is logged on both degrees, the new one's entry naming the old default and the new.
 */
export async function updateDegree(
  db: Database,
  actorId: string,
  id: string,
  { title, default: makeDefault }: z.output<typeof degreeBodySchema>,
): Promise<Degree[]> {
  await inDegreeLock(db, async (tx) => {
    const degree = (await listDegreeRows(tx)).find((candidate) => candidate.id === id);
    if (!degree) throw AppError.notFound(CatalogText.degreeNotFound);
    if (degree.isDefault && !makeDefault) throw AppError.conflict(CatalogText.defaultDegreeUnset);
    const values = { titleAdmin: title.admin, titleUser: title.user, isDefault: makeDefault };
    if (changesNothing(degree, values)) return;
    const moving = makeDefault && !degree.isDefault;
    const oldDefault = moving ? await unsetDefault(tx, actorId) : undefined;
    const after = await updateDegreeRow(tx, id, values);
    await recordRowChange(
      tx,
      actorId,
      degreeTarget(degree),
      moving
        ? { before: withDefault(degree, oldDefault), after: withDefault(after, after) }
        : { before: degree, after },
    );
  });
  return listDegrees(db);
}

export async function deleteDegree(db: Database, actorId: string, id: string, now: Date): Promise<void> {
  await inDegreeLock(db, async (tx) => {
    const degree = (await listDegreeRows(tx)).find((candidate) => candidate.id === id);
    if (!degree) throw AppError.notFound(CatalogText.degreeNotFound);
    if (degree.isDefault) throw AppError.conflict(CatalogText.defaultDegreeDelete);
    await softDeleteDegree(tx, id, now);
    await recordRowChange(tx, actorId, degreeTarget(degree), { before: degree, after: null });
  });
}
