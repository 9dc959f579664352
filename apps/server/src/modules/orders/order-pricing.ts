import {
  OrderEntryText,
  priceEntries,
  type EntryCatalog,
  type PersonEntriesInput,
  type PricedEntries,
} from '@retouch/shared/order-entries';
import { AppError } from '../../lib/app-error';

/** One priced entry as an order item row takes it. */
interface PricedItem {
  serviceId: string;
  optionId: string | null;
  degreeIds: string[];
  cost: number;
  designerPrice: number;
  executionTime: number;
}

export interface PricedOrder extends Omit<PricedEntries, 'persons'> {
  persons: Array<{ name: string; items: PricedItem[] }>;
}

/** Texts of order refusals the specification leaves open (the shared entry rules' texts). */
export const OrderServerText = OrderEntryText;

/**
 * Checks a submitted order against the live catalogue and prices it from the catalogue alone with
 * the shared entry rules; a broken rule is a 400 with its text.
 */
export function priceOrder(
  submitted: { persons: readonly PersonEntriesInput[] },
  catalog: EntryCatalog,
): PricedOrder {
  const check = priceEntries(submitted.persons, catalog);
  if (!check.ok) throw AppError.badRequest(check.text);
  const { persons, ...totals } = check.priced;
  return {
    ...totals,
    persons: persons.map((person) => ({
      name: person.name,
      items: person.items.map(({ serviceId, optionId, degreeIds, cost, designerPrice, executionTime }) => ({
        serviceId,
        optionId,
        degreeIds,
        cost,
        designerPrice,
        executionTime,
      })),
    })),
  };
}
