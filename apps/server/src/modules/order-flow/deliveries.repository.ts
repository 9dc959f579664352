import { and, eq, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Executor, Transaction } from '../../db/client';
import { assignmentDeliveries, orders, type DispatchQueueName } from '../../db/schema/index';
import type { OrderEvent } from './order-events';

/**
 * The work a command handed to staff, recorded in its transaction as awaiting the client's confirmation;
 * an assignment sent again counts one more sending (its first moment stays).
 */
export async function recordDeliveries(tx: Transaction, events: readonly OrderEvent[]): Promise<void> {
  const assigned = events.flatMap((event) => (event.kind === 'assigned' ? [event] : []));
  if (assigned.length === 0) return;
  await tx
    .insert(assignmentDeliveries)
    .values(assigned.map(({ orderId, staffId, queue }) => ({ orderId, staffId, queue })))
    .onConflictDoUpdate({
      target: [assignmentDeliveries.orderId, assignmentDeliveries.staffId],
      set: { sentAt: sql`now()`, sends: sql`${assignmentDeliveries.sends} + 1` },
    });
}

/** The delivery is no longer awaited: the client confirmed it, or it was given up. */
export async function endDelivery(db: Executor, orderId: string, staffId: string): Promise<void> {
  await db
    .delete(assignmentDeliveries)
    .where(and(eq(assignmentDeliveries.orderId, orderId), eq(assignmentDeliveries.staffId, staffId)));
}

const HELD_BY_DESIGNER = [...ConditionGroup.heldByDesigner];
const IN_REVIEW = [...ConditionGroup.inReview];

/** A queue's deliveries of work the staff member no longer holds (done, cancelled, released) are forgotten. */
export async function dropStaleDeliveries(db: Executor, queue: DispatchQueueName): Promise<void> {
  const stillHeld = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, assignmentDeliveries.orderId),
        or(
          and(
            eq(assignmentDeliveries.queue, 'executor'),
            eq(orders.executorId, assignmentDeliveries.staffId),
            inArray(orders.condition, HELD_BY_DESIGNER),
          ),
          and(
            eq(assignmentDeliveries.queue, 'review'),
            eq(orders.reviewerId, assignmentDeliveries.staffId),
            inArray(orders.condition, IN_REVIEW),
          ),
        ),
      ),
    );
  await db
    .delete(assignmentDeliveries)
    .where(and(eq(assignmentDeliveries.queue, queue), notExists(stillHeld)));
}

/**
 * Unconfirmed deliveries of a queue last sent `resendSeconds` ago or more, locked (others' skipped);
 * `givenUp` when the first sending is `giveUpSeconds` old.
 */
export function claimDueDeliveries(
  tx: Transaction,
  claim: { queue: DispatchQueueName; resendSeconds: number; giveUpSeconds: number; limit: number },
) {
  const { queue, resendSeconds, giveUpSeconds, limit } = claim;
  return tx
    .select({
      orderId: assignmentDeliveries.orderId,
      staffId: assignmentDeliveries.staffId,
      givenUp: sql<boolean>`${assignmentDeliveries.assignedAt} <= now() - make_interval(secs => ${giveUpSeconds})`,
    })
    .from(assignmentDeliveries)
    .where(
      and(
        eq(assignmentDeliveries.queue, queue),
        lte(assignmentDeliveries.sentAt, sql`now() - make_interval(secs => ${resendSeconds})`),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}
