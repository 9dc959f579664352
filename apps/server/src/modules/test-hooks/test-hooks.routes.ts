import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uuidParam } from '../../lib/validation';
import { OrderHistoryText } from '../orders/order-history';

/**
 * Set-up steps for the browser journeys, registered only with TEST_HOOKS (refused in production):
 * they reach states that otherwise need other people's work, on the caller's own orders only.
 */
export async function testHooksRoutes(app: FastifyInstance) {
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
}
