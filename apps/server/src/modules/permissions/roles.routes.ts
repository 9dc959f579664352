import type { FastifyInstance } from 'fastify';
import {
  AdminUsersText,
  assignRoleSchema,
  createRoleSchema,
  customPermissionsSchema,
  updateRoleSchema,
} from '@retouch/shared/admin-users';
import { PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { parseInput, uuidParam } from '../../lib/validation';
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

/** Roles and per-user permissions (back office section 7, Users and permissions); all need editUsers. */
export async function rolesRoutes(app: FastifyInstance) {
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

  app.get('/api/admin/permissions/role', guard, async () => listRoles(app.db));

  app.post('/api/admin/permissions/role', guard, async (request, reply) => {
    const actor = await app.requireIdentity(request);
    const { title } = parseInput(createRoleSchema, request.body);
    return reply.code(201).send(await createRole(app.db, actor.userId, title));
  });

  app.get('/api/admin/permissions/role/:id', guard, async (request) =>
    getRole(app.db, roleId(request.params)),
  );

  app.patch('/api/admin/permissions/role/:id', guard, async (request) => {
    const actor = await app.requireIdentity(request);
    const id = roleId(request.params);
    const change = parseInput(updateRoleSchema, request.body);
    const role = await updateRole(deps(), actor.userId, id, change);
    return { message: AdminUsersText.roleChanged, role };
  });

  app.delete('/api/admin/permissions/role/:id', guard, async (request) => {
    const actor = await app.requireIdentity(request);
    await removeRole(deps(), actor.userId, roleId(request.params));
    return { message: AdminUsersText.roleDeleted };
  });

  app.patch('/api/admin/permissions/role/user/:userId', guard, async (request) => {
    const actor = await app.requireIdentity(request);
    const id = userId(request.params);
    const body = parseInput(assignRoleSchema, request.body);
    const permissions = await assignRole(deps(), actor.userId, id, body._id);
    return { message: AdminUsersText.roleChanged, permissions };
  });

  app.patch('/api/admin/permissions/custom/user/:userId', guard, async (request) => {
    const actor = await app.requireIdentity(request);
    const id = userId(request.params);
    const body = parseInput(customPermissionsSchema, request.body);
    const permissions = await assignCustomPermissions(deps(), actor.userId, id, body.permissions);
    return { message: AdminUsersText.permissionsChanged, permissions };
  });

  app.get('/api/admin/permissions/user/:userId', guard, async (request) =>
    getUserPermissions(app.db, userId(request.params)),
  );
}
