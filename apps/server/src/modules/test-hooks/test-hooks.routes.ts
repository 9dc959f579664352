import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { LedgerReason, orders } from '../../db/schema/index';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { AppError } from '../../lib/app-error';
import { isMovable } from '../../lib/clock';
import { parseInput, uuidParam } from '../../lib/validation';
import { OrderHistoryText } from '../orders/order-history';

const advanceSchema = z.object({
  ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000),
});

/**
 * Set-up steps for the browser journeys, registered only with TEST_HOOKS (refused in production):
 * they reach states that otherwise need other people's work, on the caller's own orders only.
 */
export async function testHooksRoutes(app: FastifyInstance) {
  // Moves this instance's clock forward (a server started with TEST_HOOKS runs on a movable clock), so a
  // test can let deadlines come; with several instances the test moves each of them.
  app.post('/api/test/clock/advance', async (request) => {
    const { ms } = parseInput(advanceSchema, request.body);
    if (!isMovable(app.clock)) throw new AppError(409, 'This server runs on a clock that cannot be moved');
    app.clock.advance(ms);
    return { now: app.clock.now().toISOString() };
  });

  // Delivers an own waiting order as if a designer's result had been approved (the original as the result).
  app.post('/api/test/orders/:id/deliver', async (request) => {
    const { userId } = await app.requireIdentity(request);
    const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
    const [order] = await app.db
      .update(orders)
      .set({
        condition: OrderCondition.done,
        finalPicture: sql`${orders.original}`,
        dateStart: app.clock.now(),
      })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .returning({ id: orders.id });
    if (!order) throw AppError.notFound(OrderHistoryText.notFound);
    app.realtime.toUser(userId, SocketEvent.changeOrders, { orderId, condition: OrderCondition.done });
    return { condition: OrderCondition.done };
  });

  // Cancels every order waiting for a designer or for a moderator (not yet taken), returning its tokens,
  // so a staff journey starts from empty queues whatever the earlier journeys left behind.
  app.post('/api/test/orders/cancel-waiting', async (request) => {
    await app.requireIdentity(request);
    const cancelled = await app.db.transaction(async (tx) => {
      const rows = await tx
        .update(orders)
        .set({ condition: OrderCondition.cancelled })
        .where(
          or(
            inArray(orders.condition, [OrderCondition.new, OrderCondition.requeued]),
            and(
              inArray(orders.condition, [OrderCondition.resultReview, OrderCondition.refusalReview]),
              isNull(orders.reviewerId),
            ),
          ),
        )
        .returning();
      for (const order of rows) {
        await applyLedgerEntry(tx, {
          userId: order.userId,
          deltaMain: order.chargedMain,
          deltaBonus: order.chargedBonus,
          reason: LedgerReason.orderRefund,
          orderId: order.id,
          idempotencyKey: `order-refund:${order.id}`,
        });
      }
      return rows.length;
    });
    return { cancelled };
  });
}
