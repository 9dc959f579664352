import { BASE_EXECUTION_MINUTES, OrderText, type orderSubmitSchema } from '@retouch/shared/orders';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';

export interface CatalogService {
  id: string;
  cost: number;
  designerPrice: number;
  executionTime: number;
  multi: boolean;
  multiDegree: boolean;
  allowAdditionalImage: boolean;
  degreeIds: string[];
}

export interface CatalogOption {
  id: string;
  serviceId: string;
  cost: number;
  designerPrice: number;
  executionTime: number;
}

export interface PricedItem {
  serviceId: string;
  optionId: string | null;
  degreeIds: string[];
  cost: number;
  designerPrice: number;
  executionTime: number;
}

export interface PricedOrder {
  persons: Array<{ name: string; items: PricedItem[] }>;
  cost: number;
  costForExecutor: number;
  executionTime: number;
  needsAdditionalImage: boolean;
}

/** Texts of order refusals the specification leaves open. */
export const OrderServerText = {
  serviceUnavailable: 'A chosen service is not available any more',
  serviceRepeated: 'This service can be chosen only once per person',
  optionWithoutService: 'An option needs its service chosen for the same person',
  optionRepeated: 'Only one option of a service can be chosen per person',
  degreeNotAllowed: 'This degree of action is not offered for the service',
  personRepeated: 'Every person must have a different name',
} as const;

type Submitted = z.output<typeof orderSubmitSchema>['order'];

/**
 * Checks a submitted order against the live catalogue and prices it from the catalogue alone:
 * cost and designer pay are sums, execution time is 10 minutes plus the services' times.
 */
export function priceOrder(
  submitted: Submitted,
  catalog: {
    services: Map<string, CatalogService>;
    options: Map<string, CatalogOption>;
    defaultDegreeId?: string;
  },
): PricedOrder {
  const names = new Set<string>();
  const persons = submitted.persons.map((person) => {
    if (names.has(person.id)) throw AppError.badRequest(OrderServerText.personRepeated);
    names.add(person.id);
    const chosenServices = new Map<string, number>();
    const optionOf = new Set<string>();
    const items: PricedItem[] = [];
    for (const entry of person.orders.filter((e) => !e.isOptional)) {
      const service = catalog.services.get(entry.id);
      if (!service) throw AppError.badRequest(OrderServerText.serviceUnavailable);
      const times = (chosenServices.get(service.id) ?? 0) + 1;
      if (times > 1 && !service.multi) throw AppError.badRequest(OrderServerText.serviceRepeated);
      chosenServices.set(service.id, times);
      items.push({
        serviceId: service.id,
        optionId: null,
        degreeIds: chooseDegrees(service, entry.degreeAction, catalog.defaultDegreeId),
        cost: service.cost,
        designerPrice: service.designerPrice,
        executionTime: service.executionTime,
      });
    }
    for (const entry of person.orders.filter((e) => e.isOptional)) {
      const option = catalog.options.get(entry.id);
      if (!option) throw AppError.badRequest(OrderServerText.serviceUnavailable);
      if (!chosenServices.has(option.serviceId))
        throw AppError.badRequest(OrderServerText.optionWithoutService);
      if (optionOf.has(option.serviceId)) throw AppError.badRequest(OrderServerText.optionRepeated);
      optionOf.add(option.serviceId);
      items.push({
        serviceId: option.serviceId,
        optionId: option.id,
        degreeIds: [],
        cost: option.cost,
        designerPrice: option.designerPrice,
        executionTime: option.executionTime,
      });
    }
    return { name: person.id, items };
  });
  const all = persons.flatMap((person) => person.items);
  if (all.length === 0) throw AppError.badRequest(OrderText.noServices);
  return {
    persons,
    cost: sum(all.map((item) => item.cost)),
    costForExecutor: sum(all.map((item) => item.designerPrice)),
    executionTime: BASE_EXECUTION_MINUTES + sum(all.map((item) => item.executionTime)),
    needsAdditionalImage: all.some((item) => catalog.services.get(item.serviceId)?.allowAdditionalImage),
  };
}

function chooseDegrees(
  service: CatalogService,
  requested: string[],
  defaultDegreeId: string | undefined,
): string[] {
  if (service.degreeIds.length === 0) return [];
  const unique = [...new Set(requested)];
  if (unique.some((id) => !service.degreeIds.includes(id)))
    throw AppError.badRequest(OrderServerText.degreeNotAllowed);
  if (unique.length > 1 && !service.multiDegree) throw AppError.badRequest(OrderServerText.degreeNotAllowed);
  if (unique.length > 0) return unique;
  const fallback =
    defaultDegreeId && service.degreeIds.includes(defaultDegreeId) ? defaultDegreeId : service.degreeIds[0];
  return fallback ? [fallback] : [];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
