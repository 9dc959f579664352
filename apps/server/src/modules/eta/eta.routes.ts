import type { FastifyInstance } from 'fastify';
import { etaQuerySchema, type EtaAnswer } from '@retouch/shared/eta';
import { parseInput } from '../../lib/validation';
import { estimateNewOrder, type EtaDeps } from './eta.service';

export async function etaRoutes(app: FastifyInstance) {
  const deps: EtaDeps = { db: app.db, now: () => app.clock.now() };
  // Public, like the overload warning: the editor shows anyone when a result sent now would come.
  app.get('/api/system/order/eta', async (request): Promise<EtaAnswer> => {
    return estimateNewOrder(deps, parseInput(etaQuerySchema, request.query));
  });
}
