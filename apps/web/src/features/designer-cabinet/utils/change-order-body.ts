import type { PublicService } from '@retouch/shared/catalog';
import type { ChangeOrderBody, StaffOrder, StaffOrderEntry } from '@retouch/shared/dispatch';

export type ChangeEntry = ChangeOrderBody['persons'][number]['orders'][number];

const toChangeEntry = (entry: StaffOrderEntry): ChangeEntry => ({
  id: entry._id,
  isOptional: entry.isOptional,
  status: entry.active,
  degreeAction: entry.degreeAction.map((degree) => degree._id),
});

/** The change body that keeps every person's entries as they are. */
export function unchangedBody(order: StaffOrder): ChangeOrderBody {
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
  const entries: ChangeEntry[] = [
    { id: service._id, isOptional: false, status: true, degreeAction: degrees },
  ];
  if (option) entries.push({ id: option._id, isOptional: true, status: true, degreeAction: [] });
  return entries;
}
