import { entryCatalogOf, priceEntries } from '@retouch/shared/order-entries';
import {
  MAX_PERSON_PROFILES,
  PersonProfileText,
  type PersonProfile,
  type PersonProfileData,
  type PersonProfileList,
  type PersonProfileSnapshot,
} from '@retouch/shared/person-profiles';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { toPublicCatalog } from '../catalog/catalog.presenter';
import { loadCatalogRows } from '../catalog/catalog.repository';
import {
  countPersonProfiles,
  deletePersonProfile,
  findOwnPersonProfiles,
  insertPersonProfile,
  listPersonProfiles,
  lockProfileOwner,
  updatePersonProfile,
  type PersonProfileRow,
} from './person-profiles.repository';

export interface PersonProfilesDeps {
  db: Database;
  now: () => Date;
}

function toPersonProfile(row: PersonProfileRow): PersonProfile {
  return {
    _id: row.id,
    name: row.name,
    notes: row.notes,
    checklist: row.checklist,
    services: row.services.map(({ id, isOptional, degreeAction }) => ({ id, isOptional, degreeAction })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The profile's default services follow the order's entry rules against today's public catalogue; each
 * service keeps the degrees the rules give it (a service without degrees keeps none).
 */
async function checkedServices(db: Executor, data: PersonProfileData): Promise<PersonProfileData> {
  if (data.services.length === 0) return data;
  const catalog = entryCatalogOf(toPublicCatalog(await loadCatalogRows(db)));
  const check = priceEntries([{ id: data.name, orders: data.services }], catalog, { allowEmpty: true });
  if (!check.ok) throw AppError.badRequest(check.text);
  const degrees = new Map(check.priced.persons[0]?.items.map((item) => [item.entryIndex, item.degreeIds]));
  const services = data.services.map((entry, index) => ({
    ...entry,
    degreeAction: entry.isOptional ? [] : (degrees.get(index) ?? []),
  }));
  return { ...data, services };
}

/** A second profile of the same name (whatever its case) is refused, as the unique index says. */
async function namedUniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(PersonProfileText.nameTaken);
    throw error;
  }
}

export async function listProfiles(db: Executor, userId: string): Promise<PersonProfileList> {
  const rows = await listPersonProfiles(db, userId);
  return { profiles: rows.map(toPersonProfile), max: MAX_PERSON_PROFILES };
}

/** Adds a profile; the owner's row is locked while theirs are counted, so racing adds stop at the cap. */
export async function createProfile(
  deps: PersonProfilesDeps,
  userId: string,
  data: PersonProfileData,
): Promise<PersonProfile> {
  const values = await checkedServices(deps.db, data);
  const now = deps.now();
  const row = await namedUniquely(() =>
    deps.db.transaction(async (tx) => {
      if (!(await lockProfileOwner(tx, userId))) throw AppError.unauthorized();
      if ((await countPersonProfiles(tx, userId)) >= MAX_PERSON_PROFILES)
        throw AppError.conflict(PersonProfileText.tooMany);
      return insertPersonProfile(tx, { userId, ...values, createdAt: now, updatedAt: now });
    }),
  );
  return toPersonProfile(row);
}

/** Replaces the customer's own profile; another's, or none, is 404. */
export async function updateProfile(
  deps: PersonProfilesDeps,
  userId: string,
  id: string,
  data: PersonProfileData,
): Promise<PersonProfile> {
  const values = await checkedServices(deps.db, data);
  const row = await namedUniquely(() =>
    updatePersonProfile(deps.db, userId, id, { ...values, updatedAt: deps.now() }),
  );
  if (!row) throw AppError.notFound(PersonProfileText.notFound);
  return toPersonProfile(row);
}

export async function deleteProfile(deps: PersonProfilesDeps, userId: string, id: string): Promise<void> {
  if (!(await deletePersonProfile(deps.db, userId, id))) throw AppError.notFound(PersonProfileText.notFound);
}

/**
 * The copies an order keeps of the profiles its persons name, by profile id. Any id that is not one of
 * the customer's profiles (unknown, deleted, another's) refuses the order, before anything is charged.
 */
export async function snapshotProfiles(
  db: Executor,
  userId: string,
  ids: readonly string[],
): Promise<ReadonlyMap<string, PersonProfileSnapshot>> {
  const rows = await findOwnPersonProfiles(db, userId, ids);
  const found = new Map(
    rows.map((row) => [row.id, { name: row.name, notes: row.notes, checklist: row.checklist }]),
  );
  if (ids.some((id) => !found.has(id))) throw AppError.badRequest(PersonProfileText.orderProfileNotFound);
  return found;
}
