import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@retouch/shared/audit';
import { PermissionSign } from '@retouch/shared/permissions';
import { findAuditPage } from './audit.repository';

/** The audit log of the back office: who changed money, roles, permissions, settings or the catalogue. */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Those who may look at users (and their balances) may look at what staff did to them and the rest.
  app.get(
    '/api/admin/audit',
    {
      config: { permission: PermissionSign.lookUsers },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    (request) => findAuditPage(app.db, request.query),
  );
}
