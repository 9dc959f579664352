import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { revisionSchema, tipSchema } from '@retouch/shared/orders';
import { STOP_READING, formCap, jsonField, readSpooledMultipart } from '../../lib/multipart';
import { uuidParam } from '../../lib/validation';
import { perUserRateLimit } from '../../plugins/user-rate-limit';
import { IdempotentScope, answerOnce, type IdempotentAnswer } from '../idempotency/idempotency.service';
import { keyedRequest, readIdempotencyKey, sendAnswer } from '../idempotency/idempotent-reply';
import { OrderHistoryText, findUserOrder, historyQuerySchema, listUserOrders } from './order-history';
import type { OrderWork } from '../work-queue/order-work';
import { requestRevision } from './order-revisions';
import { leaveTip } from './order-tips';
import { checkOrderSend, sendOrderOnce, type OrderSend, type OrdersDeps } from './orders.service';

/** An order's form: the original, the draft and the face photo. */
const ORDER_FORM_BYTES = formCap(3);

export interface OrdersOptions {
  work: OrderWork;
}

export async function ordersRoutes(fastify: FastifyInstance, { work }: OrdersOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: OrdersDeps = work.flow;

  const sendLimit = { config: perUserRateLimit(app, app.config.ORDER_RATE_LIMIT_PER_MINUTE, '1 minute') };
  const actionLimit = {
    config: perUserRateLimit(app, app.config.ORDER_ACTION_RATE_LIMIT_PER_MINUTE, '1 minute'),
  };

  app.post('/api/orders/create', sendLimit, async (request, reply) => {
    const { userId } = await app.requireIdentity(request);
    const key = readIdempotencyKey(request);
    let send: OrderSend | undefined;
    // The pictures go to disk as they arrive: a request holds none of its megabytes in memory.
    const form = await readSpooledMultipart(request, {
      maxBytes: ORDER_FORM_BYTES,
      // A `data` sent ahead of the files (as the web app sends it) is checked first: a repeated send is
      // answered from its Idempotency-Key without reading them, a new one priced and held to the balance.
      onField: async (name, fields) => {
        if (name !== 'data') return undefined;
        send = await checkOrderSend(deps, userId, key, jsonField(fields, 'data'));
        return send.replay ? STOP_READING : undefined;
      },
    });
    let answer: IdempotentAnswer;
    try {
      send ??= await checkOrderSend(deps, userId, key, jsonField(form, 'data'));
      answer = send.replay ?? (await sendOrderOnce(deps, userId, send, form.files, form.remove));
    } finally {
      // Before the answer (if the order's pictures were not all made): a client that has it finds no
      // trace of its upload on the server.
      await form.remove();
    }
    return sendAnswer(reply, answer);
  });

  app.get(
    '/api/orders/user/',
    { config: { signedIn: true }, schema: { querystring: historyQuerySchema } },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      const page = await listUserOrders(deps, userId, request.query);
      // Written by the database already: sent as it is.
      return reply.type('application/json; charset=utf-8').send(page);
    },
  );

  app.post(
    '/api/orders/order/:id/tip',
    { config: { ...actionLimit.config, signedIn: true }, schema: { body: tipSchema } },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
      const keyed = keyedRequest(request, userId, IdempotentScope.tip, [orderId, request.body]);
      const answer = await answerOnce(deps, keyed, 200, (once) =>
        leaveTip(deps, userId, orderId, request.body, once),
      );
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/api/orders/refusal/:id',
    { config: { ...actionLimit.config, signedIn: true }, schema: { body: revisionSchema } },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      const orderId = uuidParam(request.params, 'id', OrderHistoryText.notFound);
      const keyed = keyedRequest(request, userId, IdempotentScope.revision, [orderId, request.body]);
      const answer = await answerOnce(deps, keyed, 200, (once) =>
        requestRevision(deps, userId, orderId, request.body, once),
      );
      return sendAnswer(reply, answer);
    },
  );

  app.get('/api/orders/order/:id', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return findUserOrder(deps, userId, uuidParam(request.params, 'id', OrderHistoryText.notFound));
  });
}
