import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdOrderSchema,
  historyOrderSchema,
  historyPageSchema,
  orderSubmitSchema,
  revisionSchema,
  tipSchema,
} from '@retouch/shared/orders';
import { messageSchema } from '@retouch/shared/users';
import { STOP_READING, formCap, jsonField, readSpooledMultipart } from '../../lib/multipart';
import { uuidParam } from '../../lib/validation';
import { sendJsonText } from '../../plugins/route-schemas';
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

  const orderForm = { data: orderSubmitSchema, files: ['original', 'draft', 'additional'] } as const;
  app.post(
    '/api/orders/create',
    {
      config: { ...sendLimit.config, multipart: orderForm, idempotent: true },
      schema: { response: { 201: createdOrderSchema } },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    '/api/orders/user/',
    // Documented by its schema; the page is written by the database and sent as it is (decision 33).
    {
      config: { signedIn: true },
      schema: { querystring: historyQuerySchema, response: { 200: historyPageSchema } },
    },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      const page = await listUserOrders(deps, userId, request.query);
      // Written by the database already: sent as it is.
      return sendJsonText(reply, page);
    },
  );

  app.post(
    '/api/orders/order/:id/tip',
    {
      config: { ...actionLimit.config, signedIn: true, idempotent: true },
      schema: { body: tipSchema, response: { 200: messageSchema } },
    },
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
    {
      config: { ...actionLimit.config, signedIn: true, idempotent: true },
      schema: { body: revisionSchema, response: { 200: messageSchema } },
    },
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

  app.get('/api/orders/order/:id', { schema: { response: { 200: historyOrderSchema } } }, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return findUserOrder(deps, userId, uuidParam(request.params, 'id', OrderHistoryText.notFound));
  });
}
