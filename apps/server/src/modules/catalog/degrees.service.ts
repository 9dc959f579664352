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
import { recordRowChange } from '../audit/audit.repository';
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

/** Creates a degree with its titles; the first one becomes the default. */
const degreeTarget = (row: DegreeRow) => ({ type: AuditTarget.degree, id: row.id, label: row.titleAdmin });

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

/** Renames a degree; `default: true` moves the default to it, unsetting the default alone is refused. */
export async function updateDegree(
  db: Database,
  actorId: string,
  id: string,
  { title, default: makeDefault }: z.output<typeof degreeBodySchema>,
): Promise<Degree[]> {
  await inDegreeLock(db, async (tx) => {
    const live = await listDegreeRows(tx);
    const degree = live.find((candidate) => candidate.id === id);
    if (!degree) throw AppError.notFound(CatalogText.degreeNotFound);
    if (degree.isDefault && !makeDefault) throw AppError.conflict(CatalogText.defaultDegreeUnset);
    if (makeDefault && !degree.isDefault) await unsetDefaultDegree(tx);
    const after = await updateDegreeRow(tx, id, {
      titleAdmin: title.admin,
      titleUser: title.user,
      isDefault: makeDefault,
    });
    await recordRowChange(tx, actorId, degreeTarget(degree), { before: degree, after });
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
