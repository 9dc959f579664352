import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { etaAnswerSchema, etaQuerySchema } from '@retouch/shared/eta';
import { estimateNewOrder, type EtaDeps } from './eta.service';

export async function etaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: EtaDeps = { db: app.db, now: () => app.clock.now() };
  // Public, like the overload warning: the editor shows anyone when a result sent now would come (the time
  // only: how many orders wait and who is on shift go to staff alone, on the dashboard).
  app.get(
    '/api/system/order/eta',
    { schema: { querystring: etaQuerySchema, response: { 200: etaAnswerSchema } } },
    async (request) => estimateNewOrder(deps, request.query),
  );
}
