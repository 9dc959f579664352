import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * When a staff member was last seen connected, in the database's time: every instance renews the rows
 * of the staff whose sockets it holds, so presence of an instance that died expires by itself
 * (docs/decisions/0024-instance-death.md).
 */
export const staffPresence = pgTable('staff_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  renewedAt: timestamp('renewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Events of committed order commands, written in the command's transaction: the instance that ran it
 * publishes and removes them after the commit; if it died first, any instance's sweeper does.
 */
export const orderOutbox = pgTable(
  'order_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The command's `OrderEvent`s, in order. */
    events: jsonb('events').$type<unknown[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_outbox_created_idx').on(t.createdAt)],
);

/**
 * A request sent with an `Idempotency-Key`: the first one's answer, given again to a retry with the same
 * key from the same user on the same operation, which then changes nothing.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operation, e.g. `orders.create` or `orders.tip` (its target is part of the fingerprint). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** A hash of what was asked: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
