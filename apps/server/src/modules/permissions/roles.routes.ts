import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUsersText,
  assignRoleSchema,
  createRoleSchema,
  customPermissionsSchema,
  roleAnswerSchema,
  roleListSchema,
  roleSchema,
  updateRoleSchema,
  userPermissionsSchema,
} from '@retouch/shared/admin-users';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { uuidParam } from '../../lib/validation';
import {
  assignCustomPermissions,
  assignRole,
  createRole,
  getRole,
  getUserPermissions,
  listRoles,
  removeRole,
  updateRole,
  type RolesDeps,
} from './roles.service';
import { refreshSocketRooms } from './socket-rooms';

const guard = { config: { permission: PermissionSign.editUsers } };
const messageAnswer = z.object({ message: z.string() });
const permissionsAnswer = z.object({ message: z.string(), permissions: userPermissionsSchema });

/** Roles and per-user permissions (back office section 7, Users and permissions); all need editUsers. */
export async function rolesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): RolesDeps => ({
    db: app.db,
    events: {
      permissionsChanged: async (userIds) => {
        await app.accessChanged(userIds);
        for (const userId of userIds) {
          app.realtime.toUser(userId, SocketEvent.permissionsChanged);
          refreshSocketRooms(app, userId).catch((error: unknown) =>
            app.log.error({ err: error, userId }, 'socket rooms not refreshed'),
          );
        }
      },
    },
  });
  const roleId = (params: unknown) => uuidParam(params, 'id', AdminUsersText.roleNotFound);
  const userId = (params: unknown) => uuidParam(params, 'userId', AdminUsersText.userNotFound);

  app.get(
    '/api/admin/permissions/role',
    { ...guard, schema: { response: { 200: roleListSchema } } },
    async () => listRoles(app.db),
  );

  app.post(
    '/api/admin/permissions/role',
    { ...guard, schema: { body: createRoleSchema, response: { 201: roleSchema } } },
    async (request, reply) => {
      const actor = await app.requireIdentity(request);
      return reply.code(201).send(await createRole(app.db, actor.userId, request.body.title));
    },
  );

  app.get(
    '/api/admin/permissions/role/:id',
    { ...guard, schema: { response: { 200: roleSchema } } },
    async (request) => getRole(app.db, roleId(request.params)),
  );

  app.patch(
    '/api/admin/permissions/role/:id',
    { ...guard, schema: { body: updateRoleSchema, response: { 200: roleAnswerSchema } } },
    async (request) => {
      const actor = await app.requireIdentity(request);
      const role = await updateRole(deps(), actor.userId, roleId(request.params), request.body);
      return { message: AdminUsersText.roleChanged, role };
    },
  );

  app.delete(
    '/api/admin/permissions/role/:id',
    { ...guard, schema: { response: { 200: messageAnswer } } },
    async (request) => {
      const actor = await app.requireIdentity(request);
      await removeRole(deps(), actor.userId, roleId(request.params));
      return { message: AdminUsersText.roleDeleted };
    },
  );

  app.patch(
    '/api/admin/permissions/role/user/:userId',
    { ...guard, schema: { body: assignRoleSchema, response: { 200: permissionsAnswer } } },
    async (request) => {
      const actor = await app.requireIdentity(request);
      const id = userId(request.params);
      const permissions = await assignRole(deps(), actor.userId, id, request.body._id);
      return { message: AdminUsersText.roleChanged, permissions };
    },
  );

  app.patch(
    '/api/admin/permissions/custom/user/:userId',
    { ...guard, schema: { body: customPermissionsSchema, response: { 200: permissionsAnswer } } },
    async (request) => {
      const actor = await app.requireIdentity(request);
      const id = userId(request.params);
      const permissions = await assignCustomPermissions(deps(), actor.userId, id, request.body.permissions);
      return { message: AdminUsersText.roleChanged, permissions };
    },
  );

  app.get(
    '/api/admin/permissions/user/:userId',
    { ...guard, schema: { response: { 200: userPermissionsSchema } } },
    async (request) => getUserPermissions(app.db, userId(request.params)),
  );
}
