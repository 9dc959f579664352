import type { FastifyInstance } from 'fastify';
import { PermissionSign } from '@retouch/shared/permissions';
import { getDashboard } from './dashboard.service';

/** The back office's index figures (lookOrders, like the orders they count). */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/admin/dashboard', { config: { permission: PermissionSign.lookOrders } }, async () =>
    getDashboard(app.db, app.clock.now()),
  );
}
