import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import {
  degrees,
  orderItems,
  orderPersons,
  orderProcessing,
  orders,
  refusalReasons,
  serviceOptions,
  services,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

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

type OrderRow = typeof orders.$inferSelect;

/** The customer's own orders, a page at a time, newest first unless asked otherwise. */
export async function listUserOrders(
  db: Database,
  userId: string,
  query: z.output<typeof historyQuerySchema>,
) {
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
  return { orders: await presentOrders(db, rows), total: total?.n ?? 0 };
}

/** One of the customer's own orders; another customer's is not found. */
export async function findUserOrder(db: Database, userId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw AppError.notFound(OrderHistoryText.notFound);
  const [presented] = await presentOrders(db, [row]);
  return presented!;
}

/** Orders with their persons and resolved entries (customer-side section 3), in three queries. */
async function presentOrders(db: Database, rows: OrderRow[]) {
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.id);
  const persons = await db
    .select()
    .from(orderPersons)
    .where(inArray(orderPersons.orderId, orderIds))
    .orderBy(asc(orderPersons.position));
  const items = persons.length
    ? await db
        .select({
          item: orderItems,
          service: {
            titleUser: services.titleUser,
            descriptionUser: services.descriptionUser,
            picture: services.pictureThumb,
          },
          option: {
            titleUser: serviceOptions.titleUser,
            descriptionUser: serviceOptions.descriptionUser,
            picture: serviceOptions.pictureThumb,
          },
        })
        .from(orderItems)
        .innerJoin(services, eq(services.id, orderItems.serviceId))
        .leftJoin(serviceOptions, eq(serviceOptions.id, orderItems.optionId))
        .where(
          inArray(
            orderItems.personId,
            persons.map((person) => person.id),
          ),
        )
        .orderBy(asc(orderItems.position))
    : [];
  const degreeIds = [...new Set(items.flatMap(({ item }) => item.degreeIds))];
  const degreeRows = degreeIds.length
    ? await db
        .select({ id: degrees.id, titleUser: degrees.titleUser })
        .from(degrees)
        .where(inArray(degrees.id, degreeIds))
    : [];
  const reasonIds = rows.flatMap((row) => (row.refuseReasonId ? [row.refuseReasonId] : []));
  const reasons = reasonIds.length
    ? await db.select().from(refusalReasons).where(inArray(refusalReasons.id, reasonIds))
    : [];
  const degreeTitle = new Map(degreeRows.map((degree) => [degree.id, degree.titleUser]));
  const steps = await db
    .select()
    .from(orderProcessing)
    .where(inArray(orderProcessing.orderId, orderIds))
    .orderBy(asc(orderProcessing.createdAt));

  return rows.map((row) => {
    const reason = reasons.find((candidate) => candidate.id === row.refuseReasonId);
    return {
      _id: row.id,
      condition: row.condition,
      createdAt: row.createdAt.toISOString(),
      cost: row.cost,
      tip: row.tip,
      executionTime: row.executionTime,
      dateStart: row.dateStart?.toISOString() ?? null,
      message: row.message,
      pictures: {
        original: row.original,
        thumbnail: row.originalThumb,
        draft: row.draft,
        additional: row.additional,
      },
      finalPicture: row.finalPicture,
      completed: { picture: row.finalPicture },
      refuseReason: reason ? { title: { user: reason.titleUser } } : null,
      processing: steps.filter((step) => step.orderId === row.id).map(toCustomerStep),
      currentProcessing: null,
      persons: persons
        .filter((person) => person.orderId === row.id)
        .map((person) => ({
          id: person.name,
          orders: items
            .filter(({ item }) => item.personId === person.id)
            .map(({ item, service, option }) => ({
              _id: item.optionId ?? item.serviceId,
              isOptional: item.optionId !== null,
              title: { user: option?.titleUser ?? service.titleUser },
              description: { user: option?.descriptionUser ?? service.descriptionUser },
              picture: option?.picture ?? service.picture,
              degreeAction: item.degreeIds.map((id) => ({
                _id: id,
                title: { user: degreeTitle.get(id) ?? '' },
              })),
              cost: item.cost,
              active: item.active,
              edited: item.edited,
            })),
        })),
    };
  });
}

/** A processing entry as the customer sees it: their own messages, and the attempts without who made them. */
function toCustomerStep(step: typeof orderProcessing.$inferSelect) {
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
