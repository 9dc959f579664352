import type { FastifyInstance } from 'fastify';
import { PermissionSign } from '@retouch/shared/permissions';
import { listSystemSettings, setOrderOverload } from './settings.service';

/** The site-settings screen of the back office (back-office sections 2 and 7). */
export async function adminSettingsRoutes(app: FastifyInstance) {
  // Any staff member may look; the screen enables editing with editSite only.
  app.get('/api/admin/system/settings', { config: { permission: PermissionSign.showAdmin } }, () =>
    listSystemSettings(app.db),
  );

  app.patch(
    '/api/admin/system/settings/order/overload',
    { config: { permission: PermissionSign.editSite } },
    async (request) => setOrderOverload(app.db, (await app.requireIdentity(request)).userId, request.body),
  );
}
