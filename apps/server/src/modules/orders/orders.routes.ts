import type { FastifyInstance } from 'fastify';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { jsonField, readMultipart } from '../../lib/multipart';
import { parseInput, uuidParam } from '../../lib/validation';
import { OrderHistoryText, findUserOrder, historyQuerySchema, listUserOrders } from './order-history';
import { requestRevision } from './order-revisions';
import { leaveTip } from './order-tips';
import { createOrder, type OrdersDeps } from './orders.service';

export async function ordersRoutes(app: FastifyInstance) {
  const deps: OrdersDeps = {
    db: app.db,
    storage: app.storage,
    now: () => app.clock.now(),
    announceNewOrder(order) {
      app.realtime.toUser(order.userId, SocketEvent.changeOrders, {
        orderId: order.id,
        condition: order.condition,
      });
      app.io.to(SocketRoom.staff).emit(SocketEvent.newOrder, { orderId: order.id });
      void app.dispatch.match().catch((error: unknown) => app.log.error({ err: error }, 'matching failed'));
    },
  };

  app.post('/api/orders/create', async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    const form = await readMultipart(request);
    return reply.status(201).send(await createOrder(deps, userId, jsonField(form, 'data'), form.files));
  });

  app.get('/api/orders/user/', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return listUserOrders(app.db, userId, parseInput(historyQuerySchema, request.query));
  });

  app.post('/api/orders/order/:id/tip', async (request) => {
    const { userId } = await app.requireIdentity(request);
    const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
    const { message } = await leaveTip(app.db, userId, orderId, request.body, app.clock.now());
    app.realtime.toUser(userId, SocketEvent.changeOrders, { orderId, condition: OrderCondition.doneTipped });
    return { message };
  });

  app.post('/api/orders/refusal/:id', async (request) => {
    const { userId } = await app.requireIdentity(request);
    const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
    const { message, outcome } = await requestRevision(
      app.db,
      userId,
      orderId,
      request.body,
      app.clock.now(),
    );
    await app.review.announceReturn(outcome);
    return { message };
  });

  app.get('/api/orders/order/:id', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return findUserOrder(app.db, userId, uuidParam(request.params, 'id', OrderHistoryText.notFound));
  });
}
