import type { FastifyInstance } from 'fastify';
import type { Overload } from '@retouch/shared/orders';
import { adminSettingsRoutes } from './admin-settings.routes';
import { isOverloaded } from './overload';

export async function settingsRoutes(app: FastifyInstance) {
  // Public: the editor warns anyone that work may be delayed.
  app.get('/api/system/order/overload', async (): Promise<Overload> => {
    return { status: await isOverloaded(app.db, app.clock.now()) };
  });

  await app.register(adminSettingsRoutes);
}
