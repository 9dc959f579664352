import type { FastifyInstance } from 'fastify';
import { formCap, jsonField, readMultipart } from '../../lib/multipart';
import { parseInput, uuidParam } from '../../lib/validation';
import { perUserRateLimit } from '../../plugins/user-rate-limit';
import { OrderHistoryText, findUserOrder, historyQuerySchema, listUserOrders } from './order-history';
import type { OrderWork } from '../work-queue/order-work';
import { requestRevision } from './order-revisions';
import { leaveTip } from './order-tips';
import { checkOrder, sendCheckedOrder, type CheckedOrder, type OrdersDeps } from './orders.service';

/** An order's form: the original, the draft and the face photo. */
const ORDER_FORM_BYTES = formCap(3);

export interface OrdersOptions {
  work: OrderWork;
}

export async function ordersRoutes(app: FastifyInstance, { work }: OrdersOptions) {
  const deps: OrdersDeps = work.flow;

  const sendLimit = { config: perUserRateLimit(app, app.config.ORDER_RATE_LIMIT_PER_MINUTE, '1 minute') };
  const actionLimit = {
    config: perUserRateLimit(app, app.config.ORDER_ACTION_RATE_LIMIT_PER_MINUTE, '1 minute'),
  };

  app.post('/api/orders/create', sendLimit, async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    let checked: CheckedOrder | undefined;
    const form = await readMultipart(request, {
      maxBytes: ORDER_FORM_BYTES,
      // A `data` sent ahead of the files (as the web app sends it) is priced and held to the balance first.
      onField: async (name, fields) => {
        if (name === 'data') checked = await checkOrder(deps, userId, jsonField(fields, 'data'));
      },
    });
    checked ??= await checkOrder(deps, userId, jsonField(form, 'data'));
    return reply.status(201).send(await sendCheckedOrder(deps, userId, checked, form.files));
  });

  app.get('/api/orders/user/', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return listUserOrders(app.db, userId, parseInput(historyQuerySchema, request.query));
  });

  app.post('/api/orders/order/:id/tip', actionLimit, async (request) => {
    const { userId } = await app.requireIdentity(request);
    const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
    return leaveTip(deps, userId, orderId, request.body);
  });

  app.post('/api/orders/refusal/:id', actionLimit, async (request) => {
    const { userId } = await app.requireIdentity(request);
    const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
    return requestRevision(deps, userId, orderId, request.body);
  });

  app.get('/api/orders/order/:id', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return findUserOrder(app.db, userId, uuidParam(request.params, 'id', OrderHistoryText.notFound));
  });
}
