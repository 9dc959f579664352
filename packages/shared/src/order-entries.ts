import type { PublicGroup } from './catalog';
import { BASE_EXECUTION_MINUTES, OrderText } from './orders';

/**
 * The entry and pricing rules of an order, once for every place that applies them: the server's
 * order creation and designer edits, the web editor and the designer's service form (DESIGN 4).
 */

/** Texts of the entry rules; the specification words only `noServices`. */
export const OrderEntryText = {
  serviceUnavailable: 'A chosen service is not available any more',
  serviceRepeated: 'This service can be chosen only once per person',
  optionWithoutService: 'An option needs its service chosen for the same person',
  optionRepeated: 'Only one option of a service can be chosen per person',
  degreeNotAllowed: 'This degree of action is not offered for the service',
  personRepeated: 'Every person must have a different name',
  noServices: OrderText.noServices,
} as const;

/** The rule an order's entries broke. */
export type OrderEntryRule = keyof typeof OrderEntryText;

/** `OrderEntryText` as the back office reads it: a designer's edit of an order keeps the same rules. */
export const AdminOrderEntryText = {
  serviceUnavailable: 'Выбранная услуга больше недоступна',
  serviceRepeated: 'Эту услугу можно выбрать для одного человека только один раз',
  optionWithoutService: 'Для дополнительной услуги у того же человека должна быть выбрана её услуга',
  optionRepeated: 'Для одного человека можно выбрать только одну дополнительную услугу каждой услуги',
  degreeNotAllowed: 'Эта степень действия не предлагается для услуги',
  personRepeated: 'У каждого человека должно быть своё имя',
  noServices: 'Не выбрано ни одной услуги',
} as const satisfies Record<OrderEntryRule, string>;

/** What an entry costs the customer, pays the designer and adds to the execution time. */
export interface EntryPrice {
  cost: number;
  designerPrice: number;
  executionTime: number;
}

/** A service as the rules see it: only what is on offer now (active, in an active group). */
export interface EntryCatalogService extends EntryPrice {
  id: string;
  multi: boolean;
  multiDegree: boolean;
  allowAdditionalImage: boolean;
  /** Degrees of action offered for the service. */
  degreeIds: string[];
  /** Its options on offer. */
  optionIds: string[];
}

export interface EntryCatalogOption extends EntryPrice {
  id: string;
  serviceId: string;
}

/** The catalogue the entries are checked and priced against. */
export interface EntryCatalog {
  services: ReadonlyMap<string, EntryCatalogService>;
  options: ReadonlyMap<string, EntryCatalogOption>;
  /** The degree chosen where a service offers it and the entry names none. */
  defaultDegreeId?: string | undefined;
}

/** One chosen service (or option, `isOptional`) of a person. */
export interface OrderEntryInput {
  id: string;
  isOptional?: boolean;
  degreeAction?: readonly string[];
  /** Designer edits: false when switched off; it then neither counts nor is checked. */
  status?: boolean;
  /** Designer edits: the price an entry already on the order was taken at, kept instead of today's. */
  price?: EntryPrice;
}

export interface PersonEntriesInput {
  /** The person's name ('photo', 'Person N'). */
  id: string;
  orders: readonly OrderEntryInput[];
}

export interface PricedEntry extends EntryPrice {
  serviceId: string;
  optionId: string | null;
  degreeIds: string[];
  /** Index of the entry in the person's `orders`. */
  entryIndex: number;
}

export interface PricedPerson {
  name: string;
  /** The person's counted entries: services first, then options. */
  items: PricedEntry[];
}

export interface PricedEntries {
  persons: PricedPerson[];
  cost: number;
  costForExecutor: number;
  /** Minutes: the base 10 plus every counted entry's time. */
  executionTime: number;
  needsAdditionalImage: boolean;
}

export type EntriesCheck =
  | { ok: true; priced: PricedEntries }
  | { ok: false; rule: OrderEntryRule; text: string; person: string | null };

class RuleBroken {
  constructor(
    readonly rule: OrderEntryRule,
    readonly person: string | null,
  ) {}
}

/**
 * Checks persons' entries against the catalogue and prices them from it; answers the first rule
 * broken. `allowEmpty` accepts an order with no counted entry (a designer may switch all off).
 */
export function priceEntries(
  persons: readonly PersonEntriesInput[],
  catalog: EntryCatalog,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): EntriesCheck {
  try {
    const names = new Set<string>();
    const priced = persons.map((person) => {
      if (names.has(person.id)) throw new RuleBroken('personRepeated', person.id);
      names.add(person.id);
      return { name: person.id, items: pricePerson(person, catalog) };
    });
    const all = priced.flatMap((person) => person.items);
    if (all.length === 0 && !allowEmpty) throw new RuleBroken('noServices', null);
    return {
      ok: true,
      priced: {
        persons: priced,
        cost: sum(all.map((item) => item.cost)),
        costForExecutor: sum(all.map((item) => item.designerPrice)),
        executionTime: BASE_EXECUTION_MINUTES + sum(all.map((item) => item.executionTime)),
        needsAdditionalImage: all.some(
          (item) => catalog.services.get(item.serviceId)?.allowAdditionalImage === true,
        ),
      },
    };
  } catch (error) {
    if (!(error instanceof RuleBroken)) throw error;
    return { ok: false, rule: error.rule, text: OrderEntryText[error.rule], person: error.person };
  }
}

function pricePerson(person: PersonEntriesInput, catalog: EntryCatalog): PricedEntry[] {
  const broken = (rule: OrderEntryRule) => new RuleBroken(rule, person.id);
  const counted = person.orders
    .map((entry, entryIndex) => ({ entry, entryIndex }))
    .filter(({ entry }) => entry.status !== false);
  const chosen = new Set<string>();
  const items: PricedEntry[] = [];
  for (const { entry, entryIndex } of counted.filter(({ entry }) => !entry.isOptional)) {
    const service = catalog.services.get(entry.id);
    if (!service) throw broken('serviceUnavailable');
    if (chosen.has(service.id) && !service.multi) throw broken('serviceRepeated');
    chosen.add(service.id);
    const degreeIds = chooseDegrees(service, entry.degreeAction ?? [], catalog.defaultDegreeId);
    if (!degreeIds) throw broken('degreeNotAllowed');
    items.push({ serviceId: service.id, optionId: null, degreeIds, entryIndex, ...priceOf(service, entry) });
  }
  const withOption = new Set<string>();
  for (const { entry, entryIndex } of counted.filter(({ entry }) => entry.isOptional)) {
    const option = catalog.options.get(entry.id);
    if (!option) throw broken('serviceUnavailable');
    if (!chosen.has(option.serviceId)) throw broken('optionWithoutService');
    if (withOption.has(option.serviceId)) throw broken('optionRepeated');
    withOption.add(option.serviceId);
    items.push({
      serviceId: option.serviceId,
      optionId: option.id,
      degreeIds: [],
      entryIndex,
      ...priceOf(option, entry),
    });
  }
  return items;
}

const priceOf = (offer: EntryPrice, entry: OrderEntryInput): EntryPrice => {
  const { cost, designerPrice, executionTime } = entry.price ?? offer;
  return { cost, designerPrice, executionTime };
};

/** The degrees an entry gets, or null when the request is not allowed. */
function chooseDegrees(
  service: EntryCatalogService,
  requested: readonly string[],
  defaultDegreeId: string | undefined,
): string[] | null {
  if (service.degreeIds.length === 0) return [];
  const unique = [...new Set(requested)];
  if (unique.some((id) => !service.degreeIds.includes(id))) return null;
  if (unique.length > 1 && !service.multiDegree) return null;
  if (unique.length > 0) return unique;
  const fallback =
    defaultDegreeId && service.degreeIds.includes(defaultDegreeId) ? defaultDegreeId : service.degreeIds[0];
  return fallback ? [fallback] : [];
}

/** The first rule one person's entries break with `added` appended to them, or null when none is. */
export function ruleBrokenByAdding(
  person: PersonEntriesInput,
  added: readonly OrderEntryInput[],
  catalog: EntryCatalog,
): { rule: OrderEntryRule; text: string } | null {
  const check = priceEntries([{ id: person.id, orders: [...person.orders, ...added] }], catalog);
  return check.ok ? null : { rule: check.rule, text: check.text };
}

/**
 * The rules' view of the public catalogue (`GET /api/services`): it lists only what is on offer. The
 * designer's pay is not public, so it counts 0 here.
 */
export function entryCatalogOf(groups: readonly Pick<PublicGroup, 'list'>[]): EntryCatalog {
  const services = new Map<string, EntryCatalogService>();
  const options = new Map<string, EntryCatalogOption>();
  let defaultDegreeId: string | undefined;
  for (const service of groups.flatMap((group) => group.list)) {
    services.set(service._id, {
      id: service._id,
      cost: service.cost,
      designerPrice: 0,
      executionTime: service.executionTime,
      multi: service.multi,
      multiDegree: service.multiDegree,
      allowAdditionalImage: service.allowAdditionalImage,
      degreeIds: service.degreeAction.map((degree) => degree._id),
      optionIds: service.optional.map((option) => option._id),
    });
    for (const option of service.optional) {
      options.set(option._id, {
        id: option._id,
        serviceId: service._id,
        cost: option.cost,
        designerPrice: 0,
        executionTime: option.executionTime,
      });
    }
    defaultDegreeId ??= service.degreeAction.find((degree) => degree.default)?._id;
  }
  return { services, options, defaultDegreeId };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
