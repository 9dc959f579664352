import { and, eq, inArray, isNull } from 'drizzle-orm';
import type {
  EntryCatalog,
  EntryCatalogOption,
  EntryCatalogService,
  OrderEntryInput,
} from '@retouch/shared/order-entries';
import type { Executor } from '../../db/client';
import { degrees, serviceDegrees, serviceGroups, serviceOptions, services } from '../../db/schema/index';

/**
 * The catalogue the entry rules check against, for the services and options the entries name: what
 * a customer may order now (an active, not deleted service in an active, not deleted group; its
 * active options; its degrees that are not deleted). Order creation and designer edits both read it.
 */
export async function loadEntryCatalog(
  db: Executor,
  entries: readonly Pick<OrderEntryInput, 'id' | 'isOptional'>[],
): Promise<EntryCatalog> {
  const serviceIds = [...new Set(entries.filter((entry) => !entry.isOptional).map((entry) => entry.id))];
  const optionIds = [...new Set(entries.filter((entry) => entry.isOptional).map((entry) => entry.id))];
  const optionRows = await loadOptions(db, optionIds);
  // An option's service must be on offer too, so it is read with the named ones.
  const serviceRows = await loadServices(db, [
    ...new Set([...serviceIds, ...optionRows.map((row) => row.serviceId)]),
  ]);
  const [defaultDegree] = await db
    .select({ id: degrees.id })
    .from(degrees)
    .where(and(eq(degrees.isDefault, true), isNull(degrees.deletedAt)));
  return {
    services: new Map(serviceRows.map((row) => [row.id, row])),
    options: new Map(
      optionRows.filter((row) => serviceRows.some((s) => s.id === row.serviceId)).map((row) => [row.id, row]),
    ),
    defaultDegreeId: defaultDegree?.id,
  };
}

async function loadServices(db: Executor, ids: string[]): Promise<EntryCatalogService[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: services.id,
      cost: services.cost,
      designerPrice: services.designerPrice,
      executionTime: services.executionTime,
      multi: services.multi,
      multiDegree: services.multiDegree,
      allowAdditionalImage: services.allowAdditionalImage,
    })
    .from(services)
    .innerJoin(serviceGroups, eq(serviceGroups.id, services.groupId))
    .where(
      and(
        inArray(services.id, ids),
        eq(services.status, true),
        isNull(services.deletedAt),
        eq(serviceGroups.status, true),
        isNull(serviceGroups.deletedAt),
      ),
    );
  if (rows.length === 0) return [];
  const found = rows.map((row) => row.id);
  const links = await db
    .select({ serviceId: serviceDegrees.serviceId, degreeId: serviceDegrees.degreeId })
    .from(serviceDegrees)
    .innerJoin(degrees, and(eq(degrees.id, serviceDegrees.degreeId), isNull(degrees.deletedAt)))
    .where(inArray(serviceDegrees.serviceId, found));
  const options = await db
    .select({ id: serviceOptions.id, serviceId: serviceOptions.serviceId })
    .from(serviceOptions)
    .where(activeOptions(inArray(serviceOptions.serviceId, found)));
  return rows.map((row) => ({
    ...row,
    degreeIds: links.filter((link) => link.serviceId === row.id).map((link) => link.degreeId),
    optionIds: options.filter((option) => option.serviceId === row.id).map((option) => option.id),
  }));
}

async function loadOptions(db: Executor, ids: string[]): Promise<EntryCatalogOption[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: serviceOptions.id,
      serviceId: serviceOptions.serviceId,
      cost: serviceOptions.cost,
      designerPrice: serviceOptions.designerPrice,
      executionTime: serviceOptions.executionTime,
    })
    .from(serviceOptions)
    .where(activeOptions(inArray(serviceOptions.id, ids)));
}

const activeOptions = (named: ReturnType<typeof inArray>) =>
  and(named, eq(serviceOptions.status, true), isNull(serviceOptions.deletedAt));
