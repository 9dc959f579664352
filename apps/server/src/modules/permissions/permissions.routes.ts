import type { FastifyInstance } from 'fastify';
import { PermissionSign, permissionListSchema } from '@retouch/shared/permissions';

export async function permissionsRoutes(app: FastifyInstance) {
  app.get(
    '/api/admin/permissions/user',
    { config: { permission: PermissionSign.showAdmin }, schema: { response: { 200: permissionListSchema } } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return (await app.accessOf(userId))?.permissions ?? [];
    },
  );
}
