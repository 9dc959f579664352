import type { FastifyInstance } from 'fastify';
import { permissionListSchema } from '@retouch/shared/permissions';

export async function permissionsRoutes(app: FastifyInstance) {
  // Called by the customer site as well (customer side section 7): a customer gets the nine signs, all off.
  app.get(
    '/api/admin/permissions/user',
    { config: { signedIn: true, everyAccount: true }, schema: { response: { 200: permissionListSchema } } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return (await app.accessOf(userId))?.permissions ?? [];
    },
  );
}
