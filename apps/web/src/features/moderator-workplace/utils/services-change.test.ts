import type { CountedService } from '@retouch/shared/dispatch';
import { describe, expect, it } from 'vitest';
import { markServicesChange } from './services-change';

const service = (id: string, degrees: string[] = []): CountedService => ({
  _id: id,
  serviceId: id,
  isOptional: false,
  title: { admin: id, user: id },
  degreeAction: degrees.map((degree) => ({ _id: degree, title: { admin: degree, user: degree } })),
  designerPrice: 1,
});
const marks = (persons: ReturnType<typeof markServicesChange>['now']) =>
  persons.map((person) => [person.id, person.services.map(({ service, mark }) => `${service._id}:${mark}`)]);

describe('markServicesChange', () => {
  it('pairs copies once: one of two copies dropped is marked removed, the other kept', () => {
    const marked = markServicesChange({
      asSent: { pay: 4, persons: [{ id: 'A', services: [service('tattoo'), service('tattoo')] }] },
      now: { pay: 2, persons: [{ id: 'A', services: [service('tattoo')] }] },
    });
    expect(marks(marked.asSent)).toEqual([['A', ['tattoo:kept', 'tattoo:removed']]]);
    expect(marks(marked.now)).toEqual([['A', ['tattoo:kept']]]);
  });

  it('counts other degrees as another service, and compares each person with its namesake only', () => {
    const marked = markServicesChange({
      asSent: {
        pay: 3,
        persons: [
          { id: 'A', services: [service('skin', ['strong'])] },
          { id: 'B', services: [service('teeth')] },
        ],
      },
      now: {
        pay: 3,
        persons: [
          { id: 'A', services: [service('skin', ['light']), service('teeth')] },
          { id: 'B', services: [service('teeth')] },
        ],
      },
    });
    expect(marks(marked.asSent)).toEqual([
      ['A', ['skin:removed']],
      ['B', ['teeth:kept']],
    ]);
    expect(marks(marked.now)).toEqual([
      ['A', ['skin:added', 'teeth:added']],
      ['B', ['teeth:kept']],
    ]);
  });
});
