import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { degrees, serviceDegrees, serviceGroups, serviceOptions, services } from '../../db/schema/index';

export type GroupRow = typeof serviceGroups.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type OptionRow = typeof serviceOptions.$inferSelect;
export type DegreeRow = typeof degrees.$inferSelect;

export interface CatalogRows {
  groups: GroupRow[];
  services: ServiceRow[];
  options: OptionRow[];
  degreeLinks: Array<{ serviceId: string; degreeId: string }>;
  degrees: DegreeRow[];
}

/** Every live catalogue row, in display order (creation order). */
export async function loadCatalogRows(db: Executor): Promise<CatalogRows> {
  const [groupRows, serviceRows, optionRows, links, degreeRows] = await Promise.all([
    db
      .select()
      .from(serviceGroups)
      .where(isNull(serviceGroups.deletedAt))
      .orderBy(asc(serviceGroups.createdAt)),
    db.select().from(services).where(isNull(services.deletedAt)).orderBy(asc(services.createdAt)),
    db
      .select()
      .from(serviceOptions)
      .where(isNull(serviceOptions.deletedAt))
      .orderBy(asc(serviceOptions.createdAt)),
    db
      .select({ serviceId: serviceDegrees.serviceId, degreeId: serviceDegrees.degreeId })
      .from(serviceDegrees)
      .innerJoin(degrees, and(eq(degrees.id, serviceDegrees.degreeId), isNull(degrees.deletedAt)))
      .orderBy(asc(serviceDegrees.position)),
    listDegreeRows(db),
  ]);
  return {
    groups: groupRows,
    services: serviceRows,
    options: optionRows,
    degreeLinks: links,
    degrees: degreeRows,
  };
}

export function listDegreeRows(db: Executor): Promise<DegreeRow[]> {
  return db.select().from(degrees).where(isNull(degrees.deletedAt)).orderBy(asc(degrees.createdAt));
}

/** `update`: the row is held until the transaction ends (a change read before it is written). */
export type RowLock = 'update';

export async function findLiveGroup(db: Executor, id: string, lock?: RowLock) {
  const query = db
    .select()
    .from(serviceGroups)
    .where(and(eq(serviceGroups.id, id), isNull(serviceGroups.deletedAt)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function findLiveService(db: Executor, id: string, lock?: RowLock) {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, id), isNull(services.deletedAt)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function findLiveOption(db: Executor, id: string, lock?: RowLock) {
  const query = db
    .select()
    .from(serviceOptions)
    .where(and(eq(serviceOptions.id, id), isNull(serviceOptions.deletedAt)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function findServiceDegreeIds(db: Executor, serviceId: string): Promise<string[]> {
  const rows = await db
    .select({ degreeId: serviceDegrees.degreeId })
    .from(serviceDegrees)
    .innerJoin(degrees, and(eq(degrees.id, serviceDegrees.degreeId), isNull(degrees.deletedAt)))
    .where(eq(serviceDegrees.serviceId, serviceId))
    .orderBy(asc(serviceDegrees.position));
  return rows.map((row) => row.degreeId);
}

export async function replaceServiceDegrees(db: Executor, serviceId: string, degreeIds: readonly string[]) {
  await db.delete(serviceDegrees).where(eq(serviceDegrees.serviceId, serviceId));
  if (degreeIds.length === 0) return;
  await db
    .insert(serviceDegrees)
    .values(degreeIds.map((degreeId, position) => ({ serviceId, degreeId, position })));
}
