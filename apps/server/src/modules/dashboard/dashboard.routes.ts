import type { FastifyInstance } from 'fastify';
import { dashboardSchema } from '@retouch/shared/dashboard';
import { PermissionSign } from '@retouch/shared/permissions';
import { getDashboard } from './dashboard.service';

/** The back office's index figures (lookOrders, like the orders they count). */
export async function dashboardRoutes(app: FastifyInstance) {
  const dashboard = {
    config: { permission: PermissionSign.lookOrders },
    schema: { response: { 200: dashboardSchema } },
  };
  app.get('/api/admin/dashboard', dashboard, async () => getDashboard(app.db, app.clock.now()));
}
