import type { FastifyInstance } from 'fastify';
import { auditQuerySchema } from '@retouch/shared/audit';
import { PermissionSign } from '@retouch/shared/permissions';
import { parseInput } from '../../lib/validation';
import { findAuditPage } from './audit.repository';

/** The audit log of the back office: who changed money, roles, permissions, settings or the catalogue. */
export async function auditRoutes(app: FastifyInstance) {
  // Those who may look at users (and their balances) may look at what staff did to them and the rest.
  app.get('/api/admin/audit', { config: { permission: PermissionSign.lookUsers } }, (request) =>
    findAuditPage(app.db, parseInput(auditQuerySchema, request.query)),
  );
}
