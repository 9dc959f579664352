import { describe, expect, it } from 'vitest';
import type { PublicGroup, PublicOption, PublicService } from '@retouch/shared/catalog';
import type { StaffOrder, StaffOrderEntry } from '@retouch/shared/dispatch';
import { AdminOrderEntryText } from '@retouch/shared/order-entries';
import {
  addedEntry,
  orderEntryCatalog,
  ruleBrokenByAddingTo,
  ruleBrokenBySwitching,
} from './change-order-body';

const pictures = { picture: '', pictureThumb: '', pictureBefore: '', pictureAfter: '' };
const anOption = (id: string): PublicOption => ({
  _id: id,
  title: { admin: id, user: id },
  description: { admin: '', user: '' },
  instruction: '',
  cost: 1,
  executionTime: 5,
  status: true,
  ...pictures,
});
const aService = (id: string, overrides: Partial<PublicService> = {}): PublicService => ({
  ...anOption(id),
  embedInCanvas: false,
  allowMessage: false,
  allowAdditionalImage: false,
  multi: false,
  multiDegree: false,
  degreeAction: [],
  optional: [],
  ...overrides,
});
const teeth = aService('s-teeth');
const tattoo = aService('s-tattoo', { multi: true });
const makeup = aService('s-makeup', { optional: [anOption('o-day'), anOption('o-night')] });
const groups: PublicGroup[] = [
  { _id: 'g', title: { admin: 'Все', user: 'All' }, status: true, list: [teeth, tattoo, makeup] },
];

function anEntry(id: string, overrides: Partial<StaffOrderEntry> = {}): StaffOrderEntry {
  return {
    _id: id,
    ref: id,
    serviceId: id,
    isOptional: false,
    title: { admin: id, user: id },
    description: { admin: '', user: '' },
    instruction: '',
    picture: '',
    degreeAction: [],
    cost: 2,
    designerPrice: 1,
    active: true,
    edited: false,
    ...overrides,
  };
}

const orderWith = (entries: StaffOrderEntry[]) =>
  ({ persons: [{ id: 'photo', orders: entries }] }) as unknown as StaffOrder;
const add = (id: string, isOptional = false) => addedEntry(id, isOptional);

// Worded in Russian, as the back office is; the customer's editor says the same rules in English.
describe('the designer form follows the entry rules of a new order', () => {
  it('refuses a second copy of a single-use service, allows a multi one', () => {
    const order = orderWith([anEntry(teeth._id), anEntry(tattoo._id)]);
    const catalog = orderEntryCatalog(groups, order);
    const person = order.persons[0]!;
    expect(ruleBrokenByAddingTo(person, [add(teeth._id)], catalog)).toBe(AdminOrderEntryText.serviceRepeated);
    expect(ruleBrokenByAddingTo(person, [add(tattoo._id)], catalog)).toBeNull();
  });

  it('lets a switched-off copy be added again, but not switched on beside it', () => {
    const order = orderWith([anEntry(teeth._id, { active: false })]);
    const catalog = orderEntryCatalog(groups, order);
    const person = order.persons[0]!;
    expect(ruleBrokenByAddingTo(person, [add(teeth._id)], catalog)).toBeNull();
    const withCopy = orderWith([anEntry(teeth._id, { active: false }), anEntry(teeth._id)]).persons[0]!;
    expect(ruleBrokenBySwitching(withCopy, 0, true, catalog)).toBe(AdminOrderEntryText.serviceRepeated);
  });

  it('keeps a service on while its option is on', () => {
    const order = orderWith([
      anEntry(makeup._id),
      anEntry('o-day', { isOptional: true, serviceId: makeup._id }),
    ]);
    const catalog = orderEntryCatalog(groups, order);
    const person = order.persons[0]!;
    expect(ruleBrokenBySwitching(person, 0, false, catalog)).toBe(AdminOrderEntryText.optionWithoutService);
    expect(ruleBrokenBySwitching(person, 1, false, catalog)).toBeNull();
    expect(ruleBrokenByAddingTo(person, [add('o-night', true)], catalog)).toBe(
      AdminOrderEntryText.optionRepeated,
    );
  });

  it("takes the order's entries the public catalogue no longer lists as they are", () => {
    const order = orderWith([
      anEntry('s-gone', { degreeAction: [{ _id: 'd-1', title: { admin: '', user: '' } }] }),
    ]);
    const catalog = orderEntryCatalog(groups, order);
    const person = order.persons[0]!;
    expect(ruleBrokenByAddingTo(person, [add(tattoo._id)], catalog)).toBeNull();
    expect(ruleBrokenBySwitching(person, 0, false, catalog)).toBeNull();
  });
});
