import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, param, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { DispatchQueue, dispatchWaiters, orderProcessing, orders, shifts } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type AttemptRow = typeof orderProcessing.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderChanges = Partial<NewOrderRow>;
export type AttemptChanges = Partial<typeof orderProcessing.$inferInsert>;

/** The order's row, locked until the transaction ends. */
export async function lockOrder(tx: Transaction, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/**
 * Locks the designer's running attempt and their order (waiting for a sweeper that holds it), so that a
 * result, a refusal and an expiry never both happen.
 */
export async function lockHeldAttempt(tx: Transaction, designerId: string) {
  const [attempt] = await tx
    .select()
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.executorId, designerId),
        eq(orderProcessing.kind, 'executor'),
        isNull(orderProcessing.dateEnd),
      ),
    )
    .for('update');
  if (!attempt) return undefined;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, attempt.orderId), eq(orders.executorId, designerId)))
    .for('update');
  return order ? { attempt, order } : undefined;
}

/** The designer's attempt an order in review waits on: the last one, ended, not reviewed yet. */
export async function findPendingAttempt(db: Executor, orderId: string): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.orderId, orderId),
        eq(orderProcessing.kind, 'executor'),
        isNotNull(orderProcessing.dateEnd),
        isNull(orderProcessing.reviewStatus),
      ),
    )
    .orderBy(desc(orderProcessing.createdAt))
    .limit(1);
  return attempt;
}

/** Locks the order a moderator reviews, with its pending attempt. */
export async function lockHeldReview(tx: Transaction, moderatorId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.reviewerId, moderatorId)).for('update');
  if (!order) return undefined;
  const attempt = await findPendingAttempt(tx, order.id);
  return attempt ? { order, attempt } : undefined;
}

/** Starts a designer's attempt: the designer holds the order until its hard deadline, and stops searching. */
export async function insertAttempt(
  tx: Transaction,
  order: { id: string; executionTime: number },
  designerId: string,
  now: Date,
): Promise<void> {
  await insertAttempts(tx, [{ order, designerId }], now);
}

/** `insertAttempt` for several designers at once, in one statement. */
export async function insertAttempts(
  tx: Transaction,
  started: ReadonlyArray<{ order: { id: string; executionTime: number }; designerId: string }>,
  now: Date,
): Promise<void> {
  if (started.length === 0) return;
  const searchesEnded = tx.$with('searches_ended').as(
    tx
      .delete(dispatchWaiters)
      .where(
        and(
          inArray(
            dispatchWaiters.userId,
            started.map(({ designerId }) => designerId),
          ),
          eq(dispatchWaiters.queue, DispatchQueue.executor),
        ),
      )
      .returning({ userId: dispatchWaiters.userId }),
  );
  await tx
    .with(searchesEnded)
    .insert(orderProcessing)
    .values(
      started.map(({ order, designerId }) => ({
        orderId: order.id,
        kind: 'executor' as const,
        executorId: designerId,
        dateStart: now,
        deadlineAt: new Date(now.getTime() + order.executionTime * 60_000),
        createdAt: now,
      })),
    );
}

const runningAttemptOf = (orderId: string) =>
  and(
    eq(orderProcessing.orderId, orderId),
    eq(orderProcessing.kind, 'executor'),
    isNull(orderProcessing.dateEnd),
  );

/**
 * Locks an order with its running attempt if a designer holds it. The attempt is locked first, as the
 * designer's calls and the deadline sweeper do, so that they never deadlock.
 */
export async function lockOrderWithAttempt(tx: Transaction, orderId: string): Promise<OrderRow | undefined> {
  await tx
    .select({ id: orderProcessing.id })
    .from(orderProcessing)
    .where(runningAttemptOf(orderId))
    .for('update');
  return lockOrder(tx, orderId);
}

/**
 * Closes the order's open steps at `now`: the running attempt ends without a result, the pending review
 * without a decision, so neither the sweeper nor a queue ever picks them up again.
 */
export async function closeOpenSteps(tx: Transaction, orderId: string, now: Date): Promise<void> {
  await tx
    .update(orderProcessing)
    .set({ dateEnd: now, offerExpiresAt: null })
    .where(runningAttemptOf(orderId));
  await tx
    .update(orderProcessing)
    .set({ reviewDateEnd: now })
    .where(
      and(
        eq(orderProcessing.orderId, orderId),
        isNotNull(orderProcessing.reviewerId),
        isNull(orderProcessing.reviewStatus),
        isNull(orderProcessing.reviewDateEnd),
      ),
    );
}

/** On shift and holding no order: a fix or a revision may go straight back to this designer. */
export async function isDesignerFree(tx: Executor, designerId: string): Promise<boolean> {
  const [shift] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.userId, designerId), isNull(shifts.endedAt)));
  if (!shift) return false;
  const [held] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.executorId, designerId));
  return held === undefined;
}

/** The ledger keys of an order's money: one charge, one refund, one tip (and its credit). */
export const chargeKey = (orderId: string) => `order-charge:${orderId}`;
export const refundKey = (orderId: string) => `order-refund:${orderId}`;
export const tipKey = (orderId: string) => `tip:${orderId}`;
export const tipReceivedKey = (orderId: string) => `tip-received:${orderId}`;

/** Whether an attempt records the picture, as its designer's result or its moderator's fix. */
export async function isAttemptPicture(
  db: Executor,
  column: 'resultPicture' | 'reviewPicture',
  picturePath: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orderProcessing.id })
    .from(orderProcessing)
    .where(eq(orderProcessing[column], picturePath));
  return row !== undefined;
}

export async function insertOrder(tx: Transaction, order: NewOrderRow): Promise<void> {
  await tx.insert(orders).values(order);
}

/** Writes the condition (and other columns) unless the order left `from`; answers whether it did. */
export async function updateOrderCondition(
  tx: Transaction,
  orderId: string,
  from: number,
  to: number,
  set: OrderChanges | undefined,
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ ...set, condition: to })
    .where(and(eq(orders.id, orderId), eq(orders.condition, from)))
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * `updateOrderCondition` for several orders in one statement (a values list joined on the id), each
 * guarded on its own `from`; every move sets the columns of the first. Answers how many rows moved.
 */
export async function updateOrderConditions(
  tx: Transaction,
  moves: ReadonlyArray<{ orderId: string; from: number; to: number; set: OrderChanges }>,
  keySet: OrderChanges,
): Promise<number> {
  const columns = getTableColumns(orders);
  const keys = Object.keys(keySet) as Array<keyof typeof columns>;
  const rows = moves.map(({ orderId, set, from, to }) => {
    const cells = keys.map(
      (key) => sql`${param(set[key] ?? null, columns[key])}::${sql.raw(columns[key].getSQLType())}`,
    );
    return sql`(${sql.join([sql`${orderId}::uuid`, sql`${from}::smallint`, sql`${to}::smallint`, ...cells], sql`, `)})`;
  });
  const names = ['id', 'from_condition', 'to_condition', ...keys.map((key) => columns[key].name)];
  const moved = await tx
    .update(orders)
    .set({
      ...Object.fromEntries(keys.map((key) => [key, sql`moves.${sql.identifier(columns[key].name)}`])),
      condition: sql`moves.to_condition`,
    })
    .from(
      sql`(values ${sql.join(rows, sql`, `)}) as moves(${sql.join(
        names.map((name) => sql.identifier(name)),
        sql`, `,
      )})`,
    )
    .where(and(sql`${orders.id} = moves.id`, sql`${orders.condition} = moves.from_condition`))
    .returning({ id: orders.id });
  return moved.length;
}

/** The id of the order the staff member holds now (as designer or as moderator), if any. */
export async function findHeldOrderId(
  db: Executor,
  column: 'executorId' | 'reviewerId',
  staffId: string,
): Promise<string | undefined> {
  const [held] = await db.select({ id: orders.id }).from(orders).where(eq(orders[column], staffId));
  return held?.id;
}

export async function updateAttempt(tx: Transaction, attemptId: string, set: AttemptChanges): Promise<void> {
  await tx.update(orderProcessing).set(set).where(eq(orderProcessing.id, attemptId));
}

/** A customer's revision request, recorded as a step of the order's history. */
export async function insertRevisionRequest(
  tx: Transaction,
  row: { orderId: string; clientMessage: string; createdAt: Date },
): Promise<void> {
  await tx.insert(orderProcessing).values({
    orderId: row.orderId,
    kind: 'client',
    clientMessage: row.clientMessage,
    createdAt: row.createdAt,
  });
}

/** The moderator takes the review: the order (if nobody holds it), its attempt, and they stop searching. */
export async function assignReview(
  tx: Transaction,
  orderId: string,
  attemptId: string,
  moderatorId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ reviewerId: moderatorId, reviewHoldUntil: null })
    .where(and(eq(orders.id, orderId), isNull(orders.reviewerId)));
  await tx
    .update(orderProcessing)
    .set({ reviewerId: moderatorId, reviewDateStart: now })
    .where(eq(orderProcessing.id, attemptId));
  await tx
    .delete(dispatchWaiters)
    .where(and(eq(dispatchWaiters.userId, moderatorId), eq(dispatchWaiters.queue, DispatchQueue.review)));
}

/** Nobody reviews the order any more: the order and its open review are released. */
export async function unassignReview(tx: Transaction, orderId: string): Promise<void> {
  await tx.update(orders).set({ reviewerId: null, reviewHoldUntil: null }).where(eq(orders.id, orderId));
  await tx
    .update(orderProcessing)
    .set({ reviewerId: null, reviewDateStart: null })
    .where(and(eq(orderProcessing.orderId, orderId), isNull(orderProcessing.reviewStatus)));
}

/** The moderator is back: their review's pending release is cancelled; answers the order's row, if any. */
export function cancelReviewHold(db: Executor, moderatorId: string): Promise<OrderRow[]> {
  return db
    .update(orders)
    .set({ reviewHoldUntil: null })
    .where(eq(orders.reviewerId, moderatorId))
    .returning();
}

/** The moderator's review goes back to the queue at `until` unless they return. */
export async function holdReviewUntil(db: Executor, moderatorId: string, until: Date): Promise<void> {
  await db.update(orders).set({ reviewHoldUntil: until }).where(eq(orders.reviewerId, moderatorId));
}
