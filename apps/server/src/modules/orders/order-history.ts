import { and, asc, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isInGroup } from '@retouch/shared/order-flow';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES, type OrderPictureFields } from '@retouch/shared/orders';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { estimateOrders, type EtaDeps } from '../eta/eta.service';
import { loadOrderDetails, type OrderRow, type ProcessingRow } from './order-details.repository';

export const historyQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (ORDER_PAGE_SIZES as readonly number[]).includes(value))
    .default(DEFAULT_ORDER_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sortByDate: z.enum(['ASC', 'DESC']).default('DESC'),
});

export const OrderHistoryText = { notFound: 'Order not found' } as const;

/** The customer's own orders, a page at a time, newest first unless asked otherwise. */
export async function listUserOrders(
  deps: EtaDeps,
  userId: string,
  query: z.output<typeof historyQuerySchema>,
) {
  const { db } = deps;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(query.sortByDate === 'ASC' ? asc(orders.createdAt) : desc(orders.createdAt), asc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { orders: await presentOrders(deps, rows), total: total?.n ?? 0 };
}

/** One of the customer's own orders; another customer's is not found. */
export async function findUserOrder(deps: EtaDeps, userId: string, orderId: string) {
  const [row] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw AppError.notFound(OrderHistoryText.notFound);
  const [presented] = await presentOrders(deps, [row]);
  return presented!;
}

/**
 * The order's pictures, or nulls and `picturesExpired` once the retention job (or the account's
 * deletion) removed the files, so that screens show a placeholder instead of a broken image.
 */
export function orderPictureFields(row: OrderRow): OrderPictureFields {
  if (row.picturesExpiredAt) {
    return {
      pictures: { original: null, thumbnail: null, draft: null, additional: null },
      finalPicture: null,
      completed: { picture: null },
      picturesExpired: true,
    };
  }
  return {
    pictures: {
      original: row.original,
      thumbnail: row.originalThumb,
      draft: row.draft,
      additional: row.additional,
    },
    finalPicture: row.finalPicture,
    completed: { picture: row.finalPicture },
    picturesExpired: false,
  };
}

/** Orders with their persons and resolved entries (customer-side section 3), user-language texts only. */
async function presentOrders(deps: EtaDeps, rows: OrderRow[]) {
  const details = await loadOrderDetails(deps.db, rows);
  const unfinished = rows.filter((row) => isInGroup('awaitingResult', row.condition));
  const etas = await estimateOrders(
    deps,
    unfinished.map((row) => row.id),
  );
  return details.map(({ row, persons, steps, refuseReason, degreeTitle }) => ({
    _id: row.id,
    condition: row.condition,
    createdAt: row.createdAt.toISOString(),
    cost: row.cost,
    tip: row.tip,
    executionTime: row.executionTime,
    dateStart: row.dateStart?.toISOString() ?? null,
    /** When the result is expected (docs/decisions/0026-eta.md); null once finished, or while no designer is on shift. */
    eta: etas.get(row.id)?.toISOString() ?? null,
    message: row.message,
    ...orderPictureFields(row),
    refuseReason: refuseReason ? { title: { user: refuseReason.user } } : null,
    processing: steps.map(({ step }) => toCustomerStep(step)),
    currentProcessing: null,
    persons: persons.map((person) => ({
      id: person.name,
      orders: person.items.map(({ item, title, description, picture }) => ({
        _id: item.optionId ?? item.serviceId,
        isOptional: item.optionId !== null,
        title: { user: title.user },
        description: { user: description.user },
        picture,
        degreeAction: item.degreeIds.map((id) => ({ _id: id, title: { user: degreeTitle(id).user } })),
        cost: item.cost,
        active: item.active,
        edited: item.edited,
      })),
    })),
  }));
}

/** A processing entry as the customer sees it: their own messages, and the attempts without who made them. */
function toCustomerStep(step: ProcessingRow) {
  if (step.kind === 'client') return { client: { message: step.clientMessage ?? '' } };
  return {
    executor: {
      dateStart: step.dateStart?.toISOString() ?? null,
      dateEnd: step.dateEnd?.toISOString() ?? null,
      timeExtension: step.timeExtension,
      result: { status: step.resultStatus },
    },
  };
}
