import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Transaction } from '../../db/client';
import { orders, users } from '../../db/schema/index';
import type { OrderRow } from '../order-flow/order-flow.repository';

/** Orders waiting for a designer, or in review with nobody reviewing them, locked. */
export function lockWaitingOrders(tx: Transaction): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      or(
        inArray(orders.condition, [...ConditionGroup.waitingForDesigner]),
        and(inArray(orders.condition, [...ConditionGroup.inReview]), isNull(orders.reviewerId)),
      ),
    )
    .for('update');
}

/** The id of the account with exactly this e-mail, deleted or not. */
export async function findUserIdByEmail(tx: Transaction, email: string): Promise<string | undefined> {
  const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return found?.id;
}
