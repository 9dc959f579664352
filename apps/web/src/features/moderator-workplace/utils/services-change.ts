import type { CountedService, ServicesEdited, ServicesState } from '@retouch/shared/dispatch';

/** How a service on one side of a designer's edit stands against the other side. */
export type ServiceMark = 'kept' | 'added' | 'removed';

export interface MarkedPerson {
  id: string;
  services: Array<{ service: CountedService; mark: ServiceMark }>;
}

type StatePerson = ServicesState['persons'][number];

/**
 * Marks both sides of a designer's edit, person by person: a service as sent that is not there now was
 * removed, one there now that was not sent was added. Degrees count: other degrees are another service.
 */
export function markServicesChange(edited: ServicesEdited): { asSent: MarkedPerson[]; now: MarkedPerson[] } {
  const { asSent, now } = edited;
  const namesake = (persons: StatePerson[], id: string) => persons.find((person) => person.id === id);
  return {
    asSent: asSent.persons.map((person) => markPerson(person, namesake(now.persons, person.id), 'removed')),
    now: now.persons.map((person) => markPerson(person, namesake(asSent.persons, person.id), 'added')),
  };
}

/** Pairs each service with one equal service of the other side, once; the unpaired get `missing`. */
function markPerson(person: StatePerson, other: StatePerson | undefined, missing: ServiceMark): MarkedPerson {
  const unpaired = (other?.services ?? []).map(serviceKey);
  return {
    id: person.id,
    services: person.services.map((service) => {
      const index = unpaired.indexOf(serviceKey(service));
      if (index < 0) return { service, mark: missing };
      unpaired.splice(index, 1);
      return { service, mark: 'kept' };
    }),
  };
}

const serviceKey = (service: CountedService) =>
  [
    service.isOptional ? 'option' : 'service',
    service._id,
    service.degreeAction.map((degree) => degree._id).sort(),
  ].join('/');
