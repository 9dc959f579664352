import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditActionValue, AuditTargetValue } from '@retouch/shared/audit';
import { users } from './users';

/**
 * Append-only: every staff action that changes money, roles, permissions, settings or the catalogue is
 * one row (who, when, what, before -> after), written in the transaction of the change (decision 35).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').$type<AuditActionValue>().notNull(),
    targetType: text('target_type').$type<AuditTargetValue>().notNull(),
    targetId: text('target_id').notNull(),
    /** What the target was called then (an e-mail, a title), readable after it is renamed or deleted. */
    targetLabel: text('target_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);
