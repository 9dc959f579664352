import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor as Db, Transaction } from '../../db/client';
import { orderItems, orderPersons, orderProcessing, orders } from '../../db/schema/index';

// The designer's edits lock the held attempt the way the lifecycle's commands do.

/** The order a designer holds, with its running attempt, if any. */
export async function findHeldOrder(db: Db, designerId: string) {
  const [row] = await db
    .select({ order: orders, attempt: orderProcessing })
    .from(orders)
    .innerJoin(
      orderProcessing,
      and(
        eq(orderProcessing.orderId, orders.id),
        eq(orderProcessing.executorId, designerId),
        isNull(orderProcessing.dateEnd),
      ),
    )
    .where(eq(orders.executorId, designerId));
  return row;
}

export type ItemRow = typeof orderItems.$inferSelect;

/** The designer's latest attempt: its order, outcome and end. */
export async function findLatestAttempt(db: Db, designerId: string) {
  const [last] = await db
    .select({
      orderId: orderProcessing.orderId,
      resultStatus: orderProcessing.resultStatus,
      dateEnd: orderProcessing.dateEnd,
    })
    .from(orderProcessing)
    .where(eq(orderProcessing.executorId, designerId))
    .orderBy(desc(orderProcessing.dateStart))
    .limit(1);
  return last;
}

/** The designer's running attempt while its extension offer is open at `now`. */
const openOfferOf = (designerId: string, now: Date) =>
  and(
    eq(orderProcessing.executorId, designerId),
    isNull(orderProcessing.dateEnd),
    eq(orderProcessing.timeExtension, false),
    gt(orderProcessing.offerExpiresAt, now),
  );

/** Whether the designer's running attempt has an extension offer open at `now`. */
export async function hasOpenExtensionOffer(db: Db, designerId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orderProcessing.id })
    .from(orderProcessing)
    .where(openOfferOf(designerId, now));
  return row !== undefined;
}

/** Accepts the open extension offer of the designer's running attempt; false when none is open at `now`. */
export async function acceptOpenExtension(db: Db, designerId: string, now: Date): Promise<boolean> {
  const accepted = await db
    .update(orderProcessing)
    .set({ timeExtension: true, offerExpiresAt: null })
    .where(openOfferOf(designerId, now))
    .returning({ id: orderProcessing.id });
  return accepted.length > 0;
}

/** The order's persons and their items in their order. */
export async function loadOrderEntries(tx: Transaction, orderId: string) {
  const personRows = await tx.select().from(orderPersons).where(eq(orderPersons.orderId, orderId));
  const items = personRows.length
    ? await tx
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.personId,
            personRows.map((person) => person.id),
          ),
        )
        .orderBy(asc(orderItems.position))
    : [];
  return { personRows, items };
}

export async function markItemEdited(
  tx: Transaction,
  itemId: string,
  change: { active: boolean; degreeIds: string[] },
): Promise<void> {
  await tx
    .update(orderItems)
    .set({ active: change.active, edited: true, degreeIds: change.degreeIds })
    .where(eq(orderItems.id, itemId));
}

export async function insertOrderItem(tx: Transaction, item: typeof orderItems.$inferInsert): Promise<void> {
  await tx.insert(orderItems).values(item);
}

export async function setDesignerPay(
  tx: Transaction,
  orderId: string,
  costForExecutor: number,
): Promise<void> {
  await tx.update(orders).set({ costForExecutor }).where(eq(orders.id, orderId));
}
