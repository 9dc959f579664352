import type { FastifyInstance } from 'fastify';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import { AppError } from '../../lib/app-error';
import { uuidParam } from '../../lib/validation';
import { findEffectivePermissions } from '../permissions/permissions.repository';
import { AnalyticsText, designerAnalytics } from './analytics.service';

export async function analyticsRoutes(app: FastifyInstance) {
  // One's own days: the designer cabinet reads today's earnings here.
  app.get('/api/analytics/user', async (request) => {
    const { userId } = await app.requireIdentity(request);
    return designerAnalytics(app.db, userId, request.query, app.clock.now());
  });

  // Another designer's days: lookUsers (back-office section 6).
  app.get('/api/analytics/user/:userId', async (request) => {
    const { userId } = await app.requireIdentity(request);
    const target = uuidParam(request.params, 'userId', AnalyticsText.notFound);
    if (target !== userId) {
      const permissions = await findEffectivePermissions(app.db, userId);
      if (
        !hasPermission(permissions, PermissionSign.showAdmin) ||
        !hasPermission(permissions, PermissionSign.lookUsers)
      )
        throw AppError.forbidden();
    }
    return designerAnalytics(app.db, target, request.query, app.clock.now());
  });
}
