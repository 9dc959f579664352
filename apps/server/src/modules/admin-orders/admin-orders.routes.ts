import type { FastifyInstance } from 'fastify';
import { AdminOrdersText } from '@retouch/shared/admin-orders';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent, SocketRoom } from '@retouch/shared/realtime';
import { uuidParam } from '../../lib/validation';
import { countWaitingForDesigner } from '../dispatch/dispatch.repository';
import { countWaitingForReview } from '../review/review.repository';
import {
  cancelOrder,
  getClientInfo,
  getStaffOrder,
  listClientOrders,
  listOrders,
  type AdminOrdersDeps,
} from './admin-orders.service';

/** The back office's orders (back office section 7, Orders): the table, the details and cancel by staff. */
export async function adminOrdersRoutes(app: FastifyInstance) {
  const deps: AdminOrdersDeps = {
    db: app.db,
    now: () => app.clock.now(),
    events: {
      orderChanged: (customerId, orderId, condition) =>
        app.realtime.toUser(customerId, SocketEvent.changeOrders, { orderId, condition }),
      balanceChanged: (customerId, balance) => app.realtime.toUser(customerId, SocketEvent.balance, balance),
      orderCancelled: (staffId, orderId) =>
        app.realtime.toUser(staffId, SocketEvent.orderCancelled, {
          orderId,
          message: AdminOrdersText.cancelledByStaff,
        }),
      queuesChanged: () =>
        void Promise.all([countWaitingForDesigner(app.db), countWaitingForReview(app.db)])
          .then(([designers, reviews]) => {
            app.dispatch.events.executorQueueChanged(designers);
            app.io.to(SocketRoom.staff).emit(SocketEvent.reviewRate, { size: reviews });
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'queue sizes failed')),
    },
  };
  const lookOrders = { config: { permission: PermissionSign.lookOrders } };
  const orderId = (params: unknown) => uuidParam(params, 'id', AdminOrdersText.orderNotFound);
  const clientId = (params: unknown) => uuidParam(params, 'clientId', AdminOrdersText.userNotFound);

  app.get('/api/admin/orders/', lookOrders, async (request) => listOrders(app.db, request.query));

  app.get('/api/admin/orders/order/:id', lookOrders, async (request) =>
    getStaffOrder(app.db, orderId(request.params)),
  );

  app.post('/api/admin/orders/order/:id/cancel', lookOrders, async (request) =>
    cancelOrder(deps, orderId(request.params)),
  );

  app.get('/api/admin/orders/user/:clientId', lookOrders, async (request) =>
    listClientOrders(app.db, clientId(request.params), request.query),
  );

  app.get('/api/admin/user/info/:clientId', lookOrders, async (request) =>
    getClientInfo(app.db, clientId(request.params)),
  );
}
