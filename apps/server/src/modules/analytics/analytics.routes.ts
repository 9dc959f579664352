import type { FastifyInstance } from 'fastify';
import { PermissionSign } from '@retouch/shared/permissions';
import { uuidParam } from '../../lib/validation';
import { AnalyticsText, designerAnalytics } from './analytics.service';

export async function analyticsRoutes(app: FastifyInstance) {
  // One's own days (the personal cabinet, cabinetDesigner): the designer cabinet reads today's earnings here.
  app.get(
    '/api/analytics/user',
    { config: { permission: PermissionSign.cabinetDesigner } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return designerAnalytics(app.db, userId, request.query, app.clock.now());
    },
  );

  // Any designer's days: lookUsers (back-office section 6).
  app.get(
    '/api/analytics/user/:userId',
    { config: { permission: PermissionSign.lookUsers } },
    async (request) => {
      const target = uuidParam(request.params, 'userId', AnalyticsText.notFound);
      return designerAnalytics(app.db, target, request.query, app.clock.now());
    },
  );
}
