import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LedgerReasonValue } from '../values';
import { users } from './users';

/** Append-only: every balance change is one row, written in the transaction that changes the balance. */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deltaMain: integer('delta_main').notNull(),
    deltaBonus: integer('delta_bonus').notNull(),
    reason: text('reason').$type<LedgerReasonValue>().notNull(),
    orderId: uuid('order_id'),
    paymentId: text('payment_id'),
    actorId: uuid('actor_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('token_ledger_user_idx').on(t.userId, t.createdAt),
    // The dashboard's revenue and tips by day: a reason's entries over a period.
    index('token_ledger_reason_idx').on(t.reason, t.createdAt),
  ],
);
