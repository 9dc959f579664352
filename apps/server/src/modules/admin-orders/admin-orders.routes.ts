import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AdminOrdersText,
  adminOrdersExportQuerySchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  adminUserInfoSchema,
  cancelOrderAnswerSchema,
  clientOrdersQuerySchema,
  clientOrdersSchema,
} from '@retouch/shared/admin-orders';
import { staffOrderSchema } from '@retouch/shared/dispatch';
import { PermissionSign } from '@retouch/shared/permissions';
import { sendCsv } from '../../lib/csv-export';
import { uuidParam } from '../../lib/validation';
import type { OrderWork } from '../work-queue/order-work';
import {
  cancelOrder,
  exportOrders,
  getClientInfo,
  getStaffOrder,
  listClientOrders,
  listOrders,
} from './admin-orders.service';

export interface AdminOrdersOptions {
  work: OrderWork;
}

/** The back office's orders (back office section 7, Orders): the table and its export, the details, cancel by staff. */
export async function adminOrdersRoutes(fastify: FastifyInstance, { work }: AdminOrdersOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const lookOrders = { config: { permission: PermissionSign.lookOrders } };
  const answering = <T extends z.ZodType>(answer: T) => ({
    ...lookOrders,
    schema: { response: { 200: answer } },
  });
  const orderId = (params: unknown) => uuidParam(params, 'id', AdminOrdersText.orderNotFound);
  const clientId = (params: unknown) => uuidParam(params, 'clientId', AdminOrdersText.userNotFound);

  app.get(
    '/api/admin/orders/',
    {
      ...lookOrders,
      schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema } },
    },
    async (request) => listOrders(app.db, request.query, app.clock.now()),
  );

  // The table's rows with its filters, as a CSV download (lookOrders, like the table).
  app.get(
    '/api/admin/orders/export',
    { ...lookOrders, schema: { querystring: adminOrdersExportQuerySchema } },
    async (request, reply) => {
      const { filename, stream } = exportOrders(app.db, request.query, app.clock.now());
      return sendCsv(reply, filename, stream);
    },
  );

  app.get('/api/admin/orders/order/:id', answering(staffOrderSchema), async (request) =>
    getStaffOrder(app.db, orderId(request.params)),
  );

  app.post('/api/admin/orders/order/:id/cancel', answering(cancelOrderAnswerSchema), async (request) => {
    const actor = await app.requireIdentity(request);
    return cancelOrder(work.flow, actor.userId, orderId(request.params));
  });

  app.get(
    '/api/admin/orders/user/:clientId',
    {
      ...lookOrders,
      schema: { querystring: clientOrdersQuerySchema, response: { 200: clientOrdersSchema } },
    },
    async (request) => listClientOrders(app.db, clientId(request.params), request.query),
  );

  app.get('/api/admin/user/info/:clientId', answering(adminUserInfoSchema), async (request) =>
    getClientInfo(app.db, clientId(request.params)),
  );
}
