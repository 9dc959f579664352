import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  degrees,
  optionTemplates,
  serviceDegrees,
  serviceGroups,
  serviceOptions,
  services,
} from '../../db/schema/index';

export type GroupRow = typeof serviceGroups.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type OptionRow = typeof serviceOptions.$inferSelect;
export type DegreeRow = typeof degrees.$inferSelect;
export type TemplateRow = typeof optionTemplates.$inferSelect;

export interface CatalogRows {
  groups: GroupRow[];
  services: ServiceRow[];
  options: OptionRow[];
  degreeLinks: Array<{ serviceId: string; degreeId: string }>;
  degrees: DegreeRow[];
}

/**
 * Every live catalogue row, in display order: creation order, ties (rows made in one transaction) broken
 * by id, so a row keeps its place after a save.
 */
export async function loadCatalogRows(db: Executor): Promise<CatalogRows> {
  const [groupRows, serviceRows, optionRows, links, degreeRows] = await Promise.all([
    db
      .select()
      .from(serviceGroups)
      .where(isNull(serviceGroups.deletedAt))
      .orderBy(asc(serviceGroups.createdAt), asc(serviceGroups.id)),
    db
      .select()
      .from(services)
      .where(isNull(services.deletedAt))
      .orderBy(asc(services.createdAt), asc(services.id)),
    db
      .select()
      .from(serviceOptions)
      .where(isNull(serviceOptions.deletedAt))
      .orderBy(asc(serviceOptions.createdAt), asc(serviceOptions.id)),
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
  return db
    .select()
    .from(degrees)
    .where(isNull(degrees.deletedAt))
    .orderBy(asc(degrees.createdAt), asc(degrees.id));
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

// ---- groups

export async function countLiveGroups(db: Executor): Promise<number> {
  const [live] = await db.select({ n: count() }).from(serviceGroups).where(isNull(serviceGroups.deletedAt));
  return live?.n ?? 0;
}

export async function insertGroup(db: Executor, values: typeof serviceGroups.$inferInsert) {
  const [row] = await db.insert(serviceGroups).values(values).returning();
  return row!;
}

export async function updateGroupRow(
  db: Executor,
  id: string,
  values: Partial<typeof serviceGroups.$inferInsert>,
) {
  const [row] = await db.update(serviceGroups).set(values).where(eq(serviceGroups.id, id)).returning();
  return row!;
}

/** Soft-deletes the group's live options, then its live services, then the group (this order). */
export async function softDeleteGroupTree(db: Executor, id: string, now: Date): Promise<void> {
  const groupServices = db.select({ id: services.id }).from(services).where(eq(services.groupId, id));
  await db
    .update(serviceOptions)
    .set({ deletedAt: now })
    .where(and(inArray(serviceOptions.serviceId, groupServices), isNull(serviceOptions.deletedAt)));
  await db
    .update(services)
    .set({ deletedAt: now })
    .where(and(eq(services.groupId, id), isNull(services.deletedAt)));
  await db.update(serviceGroups).set({ deletedAt: now }).where(eq(serviceGroups.id, id));
}

// ---- services

export async function insertService(db: Executor, values: typeof services.$inferInsert) {
  const [row] = await db.insert(services).values(values).returning();
  return row!;
}

export async function updateServiceRow(
  db: Executor,
  id: string,
  values: Partial<typeof services.$inferInsert>,
) {
  const [row] = await db.update(services).set(values).where(eq(services.id, id)).returning();
  return row!;
}

/** Soft-deletes the service's live options, then the service. */
export async function softDeleteServiceTree(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(serviceOptions)
    .set({ deletedAt: now })
    .where(and(eq(serviceOptions.serviceId, id), isNull(serviceOptions.deletedAt)));
  await db.update(services).set({ deletedAt: now }).where(eq(services.id, id));
}

// ---- options

export async function insertOption(db: Executor, values: typeof serviceOptions.$inferInsert) {
  const [row] = await db.insert(serviceOptions).values(values).returning();
  return row!;
}

export async function updateOptionRow(
  db: Executor,
  id: string,
  values: Partial<typeof serviceOptions.$inferInsert>,
) {
  const [row] = await db.update(serviceOptions).set(values).where(eq(serviceOptions.id, id)).returning();
  return row!;
}

export async function softDeleteOption(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(serviceOptions).set({ deletedAt: now }).where(eq(serviceOptions.id, id));
}

// ---- degrees

export async function listLiveDegreeDefaults(db: Executor) {
  return db
    .select({ id: degrees.id, isDefault: degrees.isDefault })
    .from(degrees)
    .where(isNull(degrees.deletedAt));
}

export async function insertDegree(db: Executor, values: typeof degrees.$inferInsert) {
  const [row] = await db.insert(degrees).values(values).returning();
  return row!;
}

/** Unsets the live default; answers the rows it changed, as they are now. */
export function unsetDefaultDegree(db: Executor): Promise<DegreeRow[]> {
  return db
    .update(degrees)
    .set({ isDefault: false })
    .where(and(eq(degrees.isDefault, true), isNull(degrees.deletedAt)))
    .returning();
}

export async function updateDegreeRow(
  db: Executor,
  id: string,
  values: Partial<typeof degrees.$inferInsert>,
) {
  const [row] = await db.update(degrees).set(values).where(eq(degrees.id, id)).returning();
  return row!;
}

export async function softDeleteDegree(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(degrees).set({ deletedAt: now }).where(eq(degrees.id, id));
}

// ---- option templates

export function listLiveTemplates(db: Executor): Promise<TemplateRow[]> {
  return db
    .select()
    .from(optionTemplates)
    .where(isNull(optionTemplates.deletedAt))
    .orderBy(optionTemplates.createdAt);
}

export async function lockLiveTemplateRow(db: Executor, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(optionTemplates)
    .where(and(eq(optionTemplates.id, id), isNull(optionTemplates.deletedAt)))
    .for('update');
  return row;
}

export async function insertTemplate(db: Executor, values: typeof optionTemplates.$inferInsert) {
  const [row] = await db.insert(optionTemplates).values(values).returning();
  return row!;
}

export async function updateTemplateRow(
  db: Executor,
  id: string,
  values: Partial<typeof optionTemplates.$inferInsert>,
) {
  const [row] = await db.update(optionTemplates).set(values).where(eq(optionTemplates.id, id)).returning();
  return row!;
}

export async function softDeleteTemplate(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(optionTemplates).set({ deletedAt: now }).where(eq(optionTemplates.id, id));
}
