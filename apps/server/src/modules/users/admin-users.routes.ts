import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUsersText,
  adminChangeUserSchema,
  adminRegistrationSchema,
  adminUserAnswerSchema,
  adminUsersExportQuerySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '@retouch/shared/admin-users';
import { PermissionSign } from '@retouch/shared/permissions';
import { messageSchema } from '@retouch/shared/users';
import { SocketEvent } from '@retouch/shared/realtime';
import { sendCsv } from '../../lib/csv-export';
import { uuidParam } from '../../lib/validation';
import {
  changeUserByAdmin,
  deleteUserByAdmin,
  exportUsers,
  listAdminUsers,
  registerUserByAdmin,
  type AdminUsersDeps,
} from './admin-users.service';

/** The back office's users (back office section 7, Users and permissions). */
export async function adminUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): AdminUsersDeps => ({
    db: app.db,
    clock: app.clock,
    events: {
      balanceChanged: (userId, balance) => app.realtime.toUser(userId, SocketEvent.balance, balance),
      sessionsEnded: (userId, sessionIds) => app.endSessions(userId, sessionIds),
    },
  });
  const userId = (params: unknown) => uuidParam(params, 'id', AdminUsersText.userNotFound);

  app.get(
    '/api/admin/users',
    {
      config: { permission: PermissionSign.lookUsers },
      schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } },
    },
    async (request) => listAdminUsers(app.db, request.query),
  );

  // The table's users with its search and switch, as a CSV download (lookUsers, like the table).
  app.get(
    '/api/admin/users/export',
    {
      config: { permission: PermissionSign.lookUsers },
      schema: { querystring: adminUsersExportQuerySchema },
    },
    async (request, reply) => {
      const { filename, stream } = exportUsers(app.db, request.query, app.clock.now());
      return sendCsv(reply, filename, stream);
    },
  );

  app.post(
    '/api/admin/user/registration',
    {
      config: { permission: PermissionSign.editUsers },
      schema: { body: adminRegistrationSchema, response: { 201: adminUserAnswerSchema } },
    },
    async (request, reply) => {
      const actor = await app.requireIdentity(request);
      const user = await registerUserByAdmin(deps(), actor, request.body);
      return reply.code(201).send({ message: AdminUsersText.userCreated, user });
    },
  );

  app.patch(
    '/api/admin/user/change/info/:id',
    {
      config: { permission: PermissionSign.editUsers },
      schema: { body: adminChangeUserSchema, response: { 200: adminUserAnswerSchema } },
    },
    async (request) => {
      const actor = await app.requireIdentity(request);
      const id = userId(request.params);
      const user = await changeUserByAdmin(deps(), actor, id, request.body);
      return { message: AdminUsersText.userUpdated, user };
    },
  );

  app.delete(
    '/api/admin/user/:id',
    { config: { permission: PermissionSign.editUsers }, schema: { response: { 200: messageSchema } } },
    async (request) => {
      const actor = await app.requireIdentity(request);
      await deleteUserByAdmin(deps(), actor, userId(request.params));
      return { message: AdminUsersText.userDeleted };
    },
  );
}
