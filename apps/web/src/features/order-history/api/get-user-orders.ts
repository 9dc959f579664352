import { isInGroup } from '@retouch/shared/order-flow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ETA_REFRESH_MS } from '@/components/order-eta/get-new-order-eta';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The answer of GET /api/orders/user/ as the server presents it (order-history.ts, presentOrders).
const historyEntrySchema = z.object({
  _id: z.string(),
  title: z.object({ user: z.string() }),
  picture: z.string(),
  cost: z.number(),
});

const historyOrderSchema = z.object({
  _id: z.string(),
  condition: z.number().int(),
  createdAt: z.string(),
  cost: z.number(),
  tip: z.number(),
  executionTime: z.number(),
  dateStart: z.string().nullable(),
  /** When the result is expected; null once finished or while no designer is on shift. */
  eta: z.string().nullable().default(null),
  // Every picture is null once the retention job deleted them (picturesExpired).
  pictures: z.object({ original: z.string().nullable(), thumbnail: z.string().nullable() }),
  finalPicture: z.string().nullable(),
  picturesExpired: z.boolean().default(false),
  refuseReason: z.object({ title: z.object({ user: z.string() }) }).nullable(),
  persons: z.array(z.object({ id: z.string(), orders: z.array(historyEntrySchema) })),
});
export type HistoryOrder = z.infer<typeof historyOrderSchema>;

const historyPageSchema = z.object({ orders: z.array(historyOrderSchema), total: z.number().int() });

export type DateSort = 'ASC' | 'DESC';

export interface HistoryQuery {
  page: number;
  limit: number;
  sortByDate?: DateSort;
}

/** `GET /api/orders/user/?limit&page&sortByDate`: one page of the customer's orders and their total. */
function getUserOrders({ page, limit, sortByDate }: HistoryQuery) {
  const search = new URLSearchParams({ limit: String(limit), page: String(page) });
  if (sortByDate) search.set('sortByDate', sortByDate);
  return apiRequest(`/api/orders/user/?${search}`, { schema: historyPageSchema });
}

export function useUserOrders(query: HistoryQuery) {
  return useQuery({
    queryKey: [...queryKeys.userOrders, query],
    queryFn: () => getUserOrders(query),
    // The table keeps the current page while the next one loads.
    placeholderData: keepPreviousData,
    // The queue moves with other people's orders too: estimates are asked again while one is awaited.
    refetchInterval: (current) =>
      current.state.data?.orders.some((order) => isInGroup('awaitingResult', order.condition))
        ? ETA_REFRESH_MS
        : false,
  });
}
