import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentStatusValue } from '../values';
import { users } from './users';

/** Token packages customers buy. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  charge: integer('charge').notNull(),
  bonus: integer('bonus').notNull().default(0),
  costCents: integer('cost_cents').notNull(),
  description: text('description').notNull(),
  merchantId: integer('merchant_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
});

/** One purchase attempt; the tokens it buys are copied in, so a later package edit changes nothing. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** `card` or `crypto`. */
    method: text('method').notNull(),
    /** The provider that handles it: sandbox, stripe, nowpayments. */
    provider: text('provider').notNull(),
    /** The provider's id of the payment (PaymentIntent id, invoice id). */
    providerRef: text('provider_ref'),
    clientSecret: text('client_secret'),
    charge: integer('charge').notNull(),
    bonus: integer('bonus').notNull(),
    costCents: integer('cost_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status').$type<PaymentStatusValue>().notNull().default('pending'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    uniqueIndex('payments_client_secret_unique').on(t.clientSecret),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);
