import { AuditAction, AuditTarget } from '@retouch/shared/audit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/**
 * The `before` of each order's first audited edit of its services (decision 47), by order: the
 * services as the customer sent them. An order no designer changed has none.
 */
export async function findServicesAsSent(db: Executor, orderIds: string[]): Promise<Map<string, unknown>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([auditLog.targetId], { orderId: auditLog.targetId, before: auditLog.before })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, AuditTarget.order),
        eq(auditLog.action, AuditAction.services),
        inArray(auditLog.targetId, orderIds),
      ),
    )
    .orderBy(auditLog.targetId, asc(auditLog.createdAt), asc(auditLog.id));
  return new Map(rows.map((row) => [row.orderId, row.before]));
}
