import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsQuerySchema, analyticsRowSchema } from '@retouch/shared/dispatch';
import { PermissionSign } from '@retouch/shared/permissions';
import { sendCsv } from '../../lib/csv-export';
import { uuidParam } from '../../lib/validation';
import { AnalyticsText, designerAnalytics, exportAnalytics } from './analytics.service';

export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const query = { querystring: analyticsQuerySchema };
  const days = { ...query, response: { 200: z.array(analyticsRowSchema) } };
  // One's own days (the personal cabinet, cabinetDesigner): the designer cabinet reads today's earnings here.
  app.get(
    '/api/analytics/user',
    { config: { permission: PermissionSign.cabinetDesigner }, schema: days },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return designerAnalytics(app.db, userId, request.query, app.clock.now());
    },
  );

  // Any designer's days: lookUsers (back-office section 6).
  app.get(
    '/api/analytics/user/:userId',
    { config: { permission: PermissionSign.lookUsers }, schema: days },
    async (request) => {
      const target = uuidParam(request.params, 'userId', AnalyticsText.notFound);
      return designerAnalytics(app.db, target, request.query, app.clock.now());
    },
  );

  // The screen's days as a CSV download, with the same signs as the screen's calls.
  app.get(
    '/api/admin/analytics/export',
    { config: { permission: PermissionSign.cabinetDesigner }, schema: query },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      const { filename, stream } = await exportAnalytics(app.db, userId, request.query, app.clock.now());
      return sendCsv(reply, filename, stream);
    },
  );

  app.get(
    '/api/admin/analytics/export/:userId',
    { config: { permission: PermissionSign.lookUsers }, schema: query },
    async (request, reply) => {
      const target = uuidParam(request.params, 'userId', AnalyticsText.notFound);
      const { filename, stream } = await exportAnalytics(app.db, target, request.query, app.clock.now());
      return sendCsv(reply, filename, stream);
    },
  );
}
