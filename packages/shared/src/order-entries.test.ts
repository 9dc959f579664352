import { describe, expect, it } from 'vitest';
import type { PublicGroup } from './catalog';
import {
  OrderEntryText,
  entryCatalogOf,
  priceEntries,
  ruleBrokenByAdding,
  type EntryCatalog,
  type EntryCatalogService,
  type OrderEntryInput,
  type PersonEntriesInput,
} from './order-entries';
import { OrderText } from './orders';

const service = (id: string, overrides: Partial<EntryCatalogService> = {}): EntryCatalogService => ({
  id,
  cost: 5,
  designerPrice: 2,
  executionTime: 15,
  multi: false,
  multiDegree: false,
  allowAdditionalImage: false,
  degreeIds: [],
  optionIds: [],
  ...overrides,
});

const catalog: EntryCatalog = {
  services: new Map(
    [
      service('teeth', { cost: 2, designerPrice: 1, executionTime: 5 }),
      service('tattoo', { cost: 6, designerPrice: 3, executionTime: 20, multi: true }),
      service('eyes', { cost: 3, designerPrice: 1, executionTime: 10, degreeIds: ['light', 'medium'] }),
      service('shape', {
        cost: 10,
        designerPrice: 4,
        executionTime: 30,
        degreeIds: ['light', 'medium', 'strong'],
        multiDegree: true,
      }),
      service('swap', { cost: 15, designerPrice: 6, executionTime: 30, allowAdditionalImage: true }),
      service('makeup', { optionIds: ['natural', 'evening'] }),
    ].map((s) => [s.id, s]),
  ),
  options: new Map([
    ['natural', { id: 'natural', serviceId: 'makeup', cost: 1, designerPrice: 1, executionTime: 5 }],
    ['evening', { id: 'evening', serviceId: 'makeup', cost: 2, designerPrice: 1, executionTime: 10 }],
  ]),
  defaultDegreeId: 'medium',
};

const photo = (...orders: OrderEntryInput[]) => [{ id: 'photo', orders }];
const s = (id: string, degreeAction: string[] = []): OrderEntryInput => ({ id, degreeAction });
const o = (id: string): OrderEntryInput => ({ id, isOptional: true });

function brokenRule(persons: readonly PersonEntriesInput[], options?: { allowEmpty?: boolean }) {
  const check = priceEntries(persons, catalog, options);
  return check.ok ? null : { rule: check.rule, text: check.text };
}

describe('priceEntries', () => {
  it('prices from the catalogue: cost and pay are sums, time is 10 minutes plus the entries', () => {
    const check = priceEntries(
      [
        { id: 'photo', orders: [s('teeth'), s('makeup'), o('evening')] },
        { id: 'Person 1', orders: [s('tattoo'), s('tattoo')] },
      ],
      catalog,
    );
    expect(check).toEqual({
      ok: true,
      priced: {
        persons: [
          {
            name: 'photo',
            items: [
              {
                serviceId: 'teeth',
                optionId: null,
                degreeIds: [],
                cost: 2,
                designerPrice: 1,
                executionTime: 5,
                entryIndex: 0,
              },
              {
                serviceId: 'makeup',
                optionId: null,
                degreeIds: [],
                cost: 5,
                designerPrice: 2,
                executionTime: 15,
                entryIndex: 1,
              },
              {
                serviceId: 'makeup',
                optionId: 'evening',
                degreeIds: [],
                cost: 2,
                designerPrice: 1,
                executionTime: 10,
                entryIndex: 2,
              },
            ],
          },
          {
            name: 'Person 1',
            items: [
              {
                serviceId: 'tattoo',
                optionId: null,
                degreeIds: [],
                cost: 6,
                designerPrice: 3,
                executionTime: 20,
                entryIndex: 0,
              },
              {
                serviceId: 'tattoo',
                optionId: null,
                degreeIds: [],
                cost: 6,
                designerPrice: 3,
                executionTime: 20,
                entryIndex: 1,
              },
            ],
          },
        ],
        cost: 21,
        costForExecutor: 10,
        executionTime: 10 + 70,
        needsAdditionalImage: false,
      },
    });
  });

  it('45 copies of a single-use service break the rule; the pay is never counted', () => {
    const copies = Array.from({ length: 46 }, () => s('teeth'));
    expect(brokenRule(photo(...copies))).toEqual({
      rule: 'serviceRepeated',
      text: OrderEntryText.serviceRepeated,
    });
  });

  it('a multi service may be chosen again and again', () => {
    const check = priceEntries(photo(...Array.from({ length: 45 }, () => s('tattoo'))), catalog);
    expect(check.ok && check.priced.costForExecutor).toBe(45 * 3);
  });

  it.each([
    ['an unknown service', photo(s('nothing')), 'serviceUnavailable'],
    ['an unknown option', photo(s('makeup'), o('nothing')), 'serviceUnavailable'],
    ['an option without its service', photo(o('natural')), 'optionWithoutService'],
    ['two options of one service', photo(s('makeup'), o('natural'), o('evening')), 'optionRepeated'],
    ['a degree the service does not offer', photo(s('eyes', ['strong'])), 'degreeNotAllowed'],
    ['two degrees of a single-degree service', photo(s('eyes', ['light', 'medium'])), 'degreeNotAllowed'],
    [
      'a repeated person name',
      [
        { id: 'photo', orders: [s('teeth')] },
        { id: 'photo', orders: [s('tattoo')] },
      ],
      'personRepeated',
    ],
    ['no services at all', [{ id: 'photo', orders: [] }], 'noServices'],
  ] as const)('refuses %s', (_name, persons, rule) => {
    expect(brokenRule(persons)).toEqual({ rule, text: OrderEntryText[rule] });
  });

  it('keeps the texts of the order refusals; no services is the specification text', () => {
    expect(OrderEntryText.noServices).toBe(OrderText.noServices);
    expect(OrderEntryText.serviceRepeated).toBe('This service can be chosen only once per person');
  });

  it('gives the default degree where none is chosen, the first offered where the default is not', () => {
    const withDefault = priceEntries(photo(s('eyes')), catalog);
    expect(withDefault.ok && withDefault.priced.persons[0]!.items[0]!.degreeIds).toEqual(['medium']);
    const noDefault = priceEntries(photo(s('eyes')), { ...catalog, defaultDegreeId: 'other' });
    expect(noDefault.ok && noDefault.priced.persons[0]!.items[0]!.degreeIds).toEqual(['light']);
  });

  it('ignores degrees sent for a service that has none', () => {
    const check = priceEntries(photo(s('teeth', ['light'])), catalog);
    expect(check.ok && check.priced.persons[0]!.items[0]!.degreeIds).toEqual([]);
  });

  it('takes several degrees only for a multi-degree service, once each', () => {
    const check = priceEntries(photo(s('shape', ['light', 'strong', 'light'])), catalog);
    expect(check.ok && check.priced.persons[0]!.items[0]!.degreeIds).toEqual(['light', 'strong']);
  });

  it('asks for the additional image when a chosen service allows one', () => {
    const check = priceEntries(photo(s('swap')), catalog);
    expect(check.ok && check.priced.needsAdditionalImage).toBe(true);
  });

  it('skips switched-off entries and keeps the price an entry was taken at', () => {
    const check = priceEntries(
      photo(
        { id: 'teeth', price: { cost: 2, designerPrice: 1, executionTime: 5 } },
        { id: 'teeth', status: false },
        { id: 'tattoo', price: { cost: 9, designerPrice: 7, executionTime: 1 } },
      ),
      catalog,
    );
    expect(check.ok && check.priced).toMatchObject({ cost: 11, costForExecutor: 8, executionTime: 16 });
    expect(check.ok && check.priced.persons[0]!.items.map((item) => item.entryIndex)).toEqual([0, 2]);
  });

  it('accepts no counted entry only when told to', () => {
    expect(brokenRule(photo({ id: 'teeth', status: false }))?.rule).toBe('noServices');
    const check = priceEntries(photo({ id: 'teeth', status: false }), catalog, { allowEmpty: true });
    expect(check.ok && check.priced).toMatchObject({ cost: 0, costForExecutor: 0, executionTime: 10 });
  });
});

describe('ruleBrokenByAdding', () => {
  const person = { id: 'photo', orders: [s('teeth'), s('makeup'), o('natural')] };

  it('answers the rule an addition would break, or null', () => {
    expect(ruleBrokenByAdding(person, [s('teeth')], catalog)?.rule).toBe('serviceRepeated');
    expect(ruleBrokenByAdding(person, [o('evening')], catalog)?.rule).toBe('optionRepeated');
    expect(ruleBrokenByAdding(person, [s('tattoo')], catalog)).toBeNull();
  });
});

describe('entryCatalogOf', () => {
  it('reads the public catalogue: prices, flags, degrees, options and the default degree', () => {
    const pictures = { picture: '', pictureThumb: '', pictureBefore: '', pictureAfter: '' };
    const groups: PublicGroup[] = [
      {
        _id: 'g',
        title: { admin: 'Лицо', user: 'Face' },
        status: true,
        list: [
          {
            _id: 'eyes',
            title: { admin: 'Глаза', user: 'Eyes' },
            description: { admin: '', user: '' },
            instruction: '',
            cost: 3,
            executionTime: 10,
            status: true,
            ...pictures,
            embedInCanvas: false,
            allowMessage: false,
            allowAdditionalImage: false,
            multi: false,
            multiDegree: false,
            degreeAction: [
              { _id: 'light', title: { user: 'Light' }, default: false },
              { _id: 'medium', title: { user: 'Medium' }, default: true },
            ],
            optional: [
              {
                _id: 'white',
                title: { admin: 'Белые', user: 'White' },
                description: { admin: '', user: '' },
                instruction: '',
                cost: 2,
                executionTime: 5,
                status: true,
                ...pictures,
              },
            ],
          },
        ],
      },
    ];
    const view = entryCatalogOf(groups);
    expect(view.defaultDegreeId).toBe('medium');
    expect(view.services.get('eyes')).toMatchObject({
      cost: 3,
      designerPrice: 0,
      degreeIds: ['light', 'medium'],
      optionIds: ['white'],
    });
    expect(view.options.get('white')).toMatchObject({ serviceId: 'eyes', cost: 2, executionTime: 5 });
  });
});
