import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overloadSchema } from '@retouch/shared/orders';
import { adminSettingsRoutes } from './admin-settings.routes';
import { isOverloaded } from './overload';

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Public: the editor warns anyone that work may be delayed.
  app.get('/api/system/order/overload', { schema: { response: { 200: overloadSchema } } }, async () => {
    return { status: await isOverloaded(app.db, app.clock.now()) };
  });

  await app.register(adminSettingsRoutes);
}
