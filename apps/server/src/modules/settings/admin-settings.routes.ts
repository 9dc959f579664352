import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PermissionSign } from '@retouch/shared/permissions';
import {
  settingDateBodySchema,
  settingUpdateAnswerSchema,
  systemSettingsAnswerSchema,
} from '@retouch/shared/settings';
import { listSystemSettings, setOrderOverload } from './settings.service';

/** The site-settings screen of the back office (back-office sections 2 and 7). */
export async function adminSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Any staff member may look; the screen enables editing with editSite only.
  app.get(
    '/api/admin/system/settings',
    {
      config: { permission: PermissionSign.showAdmin },
      schema: { response: { 200: systemSettingsAnswerSchema } },
    },
    () => listSystemSettings(app.db),
  );

  app.patch(
    '/api/admin/system/settings/order/overload',
    {
      config: { permission: PermissionSign.editSite },
      schema: { body: settingDateBodySchema, response: { 200: settingUpdateAnswerSchema } },
    },
    async (request) => setOrderOverload(app.db, (await app.requireIdentity(request)).userId, request.body),
  );
}
