import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { personProfiles, users } from '../../db/schema/index';

export type PersonProfileRow = typeof personProfiles.$inferSelect;
type ProfileValues = Pick<typeof personProfiles.$inferInsert, 'name' | 'notes' | 'checklist' | 'services'>;

/** The customer's profiles, by name. */
export function listPersonProfiles(db: Executor, userId: string): Promise<PersonProfileRow[]> {
  return db
    .select()
    .from(personProfiles)
    .where(eq(personProfiles.userId, userId))
    .orderBy(asc(personProfiles.name), asc(personProfiles.id));
}

/** Locks the customer's row until the transaction ends: their profiles are counted and added one at a time. */
export async function lockProfileOwner(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row !== undefined;
}

export async function countPersonProfiles(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(personProfiles)
    .where(eq(personProfiles.userId, userId));
  return row?.total ?? 0;
}

export async function insertPersonProfile(
  db: Executor,
  values: ProfileValues & { userId: string; createdAt: Date; updatedAt: Date },
): Promise<PersonProfileRow> {
  const [row] = await db.insert(personProfiles).values(values).returning();
  return row!;
}

/** Changes the customer's own profile; undefined when they have none with this id. */
export async function updatePersonProfile(
  db: Executor,
  userId: string,
  id: string,
  values: ProfileValues & { updatedAt: Date },
): Promise<PersonProfileRow | undefined> {
  const [row] = await db
    .update(personProfiles)
    .set(values)
    .where(and(eq(personProfiles.id, id), eq(personProfiles.userId, userId)))
    .returning();
  return row;
}

/** Deletes the customer's own profile; false when they have none with this id. */
export async function deletePersonProfile(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(personProfiles)
    .where(and(eq(personProfiles.id, id), eq(personProfiles.userId, userId)))
    .returning({ id: personProfiles.id });
  return deleted.length > 0;
}

/** Those of the given profiles that are the customer's own (another's are not found). */
export async function findOwnPersonProfiles(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<PersonProfileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(personProfiles)
    .where(and(eq(personProfiles.userId, userId), inArray(personProfiles.id, [...new Set(ids)])));
}
