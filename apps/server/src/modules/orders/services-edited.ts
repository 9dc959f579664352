import type { CountedService, ServicesEdited } from '@retouch/shared/dispatch';
import { z } from 'zod';
import type { OrderDetails } from './order-details.repository';

/** An order's services and pay as an audit entry of action `services` keeps them (decision 47). */
const recordedServicesSchema = z.object({
  pay: z.number(),
  persons: z.array(
    z.object({
      id: z.string(),
      services: z.array(
        z.object({
          serviceId: z.string(),
          optionId: z.string().nullable(),
          degreeIds: z.array(z.string()),
          designerPrice: z.number(),
          active: z.boolean(),
          edited: z.boolean(),
        }),
      ),
    }),
  ),
});
export type RecordedServices = z.infer<typeof recordedServicesSchema>;
type RecordedItem = RecordedServices['persons'][number]['services'][number];

/**
 * What a moderator is shown of a designer's edit: the counted services and pay as the customer sent
 * them (the first edit's `before`, the pay as sent) against now; null when nobody changed them.
 */
export function presentServicesEdited(details: OrderDetails, asSent: unknown): ServicesEdited | null {
  const recorded = recordedServicesSchema.safeParse(asSent);
  if (!recorded.success) return null;
  // Items are never deleted, only switched off: every item as sent still names its title here.
  const titles = new Map(
    details.persons.flatMap((person) => person.items.map(({ item, title }) => [itemKey(item), title])),
  );
  const counted = (item: RecordedItem): CountedService => ({
    _id: item.optionId ?? item.serviceId,
    serviceId: item.serviceId,
    isOptional: item.optionId !== null,
    title: titles.get(itemKey(item)) ?? { admin: '', user: '' },
    degreeAction: item.degreeIds.map((id) => ({ _id: id, title: details.degreeTitle(id) })),
    designerPrice: item.designerPrice,
  });
  return {
    asSent: {
      pay: details.row.payAsSent ?? recorded.data.pay,
      persons: recorded.data.persons.map((person) => ({
        id: person.id,
        services: person.services.filter((item) => item.active).map(counted),
      })),
    },
    now: {
      pay: details.row.costForExecutor,
      persons: details.persons.map((person) => ({
        id: person.name,
        services: person.items.filter(({ item }) => item.active).map(({ item }) => counted(item)),
      })),
    },
  };
}

const itemKey = (item: { serviceId: string; optionId: string | null }) =>
  `${item.serviceId}/${item.optionId ?? ''}`;
