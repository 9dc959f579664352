import type { PublicGroup, PublicService } from '@retouch/shared/catalog';
import type { ChangeOrderBody, StaffOrder, StaffOrderEntry } from '@retouch/shared/dispatch';
import {
  AdminOrderEntryText,
  entryCatalogOf,
  priceEntries,
  ruleBrokenByAdding,
  type EntryCatalog,
  type PersonEntriesInput,
} from '@retouch/shared/order-entries';

export type ChangeEntry = ChangeOrderBody['persons'][number]['orders'][number];

const toChangeEntry = (entry: StaffOrderEntry): ChangeEntry => ({
  id: entry._id,
  isOptional: entry.isOptional,
  status: entry.active,
  degreeAction: entry.degreeAction.map((degree) => degree._id),
});

/** The change body that keeps every person's entries as they are. */
function unchangedBody(order: StaffOrder): ChangeOrderBody {
  return {
    persons: order.persons.map((person) => ({ id: person.id, orders: person.orders.map(toChangeEntry) })),
  };
}

/** The change body with one entry (by person and position) switched on or off. */
export function bodyWithEntryStatus(
  order: StaffOrder,
  personId: string,
  index: number,
  status: boolean,
): ChangeOrderBody {
  return {
    persons: order.persons.map((person) => ({
      id: person.id,
      orders: person.orders.map((entry, position) =>
        person.id === personId && position === index
          ? { ...toChangeEntry(entry), status }
          : toChangeEntry(entry),
      ),
    })),
  };
}

/** The change body with new entries appended to one person. */
export function bodyWithAddedEntries(
  order: StaffOrder,
  personId: string,
  added: ChangeEntry[],
): ChangeOrderBody {
  const { persons } = unchangedBody(order);
  return {
    persons: persons.map((person) =>
      person.id === personId ? { ...person, orders: [...person.orders, ...added] } : person,
    ),
  };
}

/** A new entry switched on; degrees as the service's rules give them unless set. */
export const addedEntry = (id: string, isOptional = false, degreeAction: string[] = []): ChangeEntry => ({
  id,
  isOptional,
  status: true,
  degreeAction,
});

/**
 * The entries a new service adds: the service with its degrees, and its option. Null when the choice
 * is incomplete (back office section 5): an option is needed where the service has options, a degree
 * where it has degrees.
 */
export function newServiceEntries(
  service: PublicService | undefined,
  optionId: string | null,
  degreeIds: string[],
): ChangeEntry[] | null {
  if (!service) return null;
  const option = service.optional.find((candidate) => candidate._id === optionId);
  if (service.optional.length > 0 && !option) return null;
  const offered = service.degreeAction.map((degree) => degree._id);
  const degrees = degreeIds.filter((id) => offered.includes(id));
  if (offered.length > 0 && degrees.length === 0) return null;
  const entries = [addedEntry(service._id, false, degrees)];
  if (option) entries.push(addedEntry(option._id, true));
  return entries;
}

type OrderPerson = StaffOrder['persons'][number];

/**
 * The entry rules' catalogue for a designer's edits: the public catalogue, plus the order's own
 * entries it no longer lists (taken as single-use; the server decides whether they still count).
 */
export function orderEntryCatalog(groups: readonly PublicGroup[], order: StaffOrder): EntryCatalog {
  const catalog = entryCatalogOf(groups);
  const services = new Map(catalog.services);
  const options = new Map(catalog.options);
  const entries = order.persons.flatMap((person) => person.orders);
  for (const entry of entries.filter((candidate) => !candidate.isOptional && !services.has(candidate._id))) {
    services.set(entry._id, {
      id: entry._id,
      cost: entry.cost,
      designerPrice: entry.designerPrice,
      executionTime: 0,
      multi: false,
      multiDegree: entry.degreeAction.length > 1,
      allowAdditionalImage: false,
      degreeIds: entry.degreeAction.map((degree) => degree._id),
      optionIds: entries
        .filter((option) => option.isOptional && option.serviceId === entry._id)
        .map((option) => option._id),
    });
  }
  for (const entry of entries.filter((candidate) => candidate.isOptional && !options.has(candidate._id))) {
    options.set(entry._id, {
      id: entry._id,
      serviceId: entry.serviceId,
      cost: entry.cost,
      designerPrice: entry.designerPrice,
      executionTime: 0,
    });
  }
  return { ...catalog, services, options };
}

/** A person's entries as the entry rules take them: switched-off ones do not count. */
function personEntries(person: OrderPerson): PersonEntriesInput {
  return { id: person.id, orders: person.orders.map(toChangeEntry) };
}

/**
 * The rule text (in Russian, as the back office reads it) switching one entry on or off would break, or
 * null when the rules allow it (or the entries break one already: then the server, which knows the live
 * catalogue, decides).
 */
export function ruleBrokenBySwitching(
  person: OrderPerson,
  index: number,
  status: boolean,
  catalog: EntryCatalog,
): string | null {
  const { id, orders } = personEntries(person);
  if (!priceEntries([{ id, orders }], catalog, { allowEmpty: true }).ok) return null;
  const switched = orders.map((entry, position) => (position === index ? { ...entry, status } : entry));
  const check = priceEntries([{ id, orders: switched }], catalog, { allowEmpty: true });
  return check.ok ? null : AdminOrderEntryText[check.rule];
}

/** The rule text (in Russian) adding these entries to the person would break, or null when none is. */
export function ruleBrokenByAddingTo(
  person: OrderPerson,
  added: ChangeEntry[],
  catalog: EntryCatalog,
): string | null {
  const broken = ruleBrokenByAdding(personEntries(person), added, catalog);
  return broken ? AdminOrderEntryText[broken.rule] : null;
}
