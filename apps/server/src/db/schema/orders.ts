import type { PersonProfileSnapshot } from '@retouch/shared/person-profiles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  json,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DispatchQueueName } from '../values';
import { refusalReasons, serviceOptions, services } from './catalog';
import { users } from './users';

/** A customer's order; prices and times are computed by the server from the catalogue when it is sent. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    condition: smallint('condition').notNull().default(0),
    cost: integer('cost').notNull(),
    /** What the order took from each balance part, so a refund returns exactly that. */
    chargedMain: integer('charged_main').notNull(),
    chargedBonus: integer('charged_bonus').notNull(),
    /** finance.costForExecutor: the designer's pay, the sum of the services' designerPrice. */
    costForExecutor: integer('cost_for_executor').notNull(),
    /**
     * The designer's pay as the customer sent the order: a designer's edit of the services never pays
     * more (docs/decisions/0047). Null for orders sent before it was kept: their pay then stands for it.
     */
    payAsSent: integer('pay_as_sent'),
    /** Minutes: 10 + the services' executionTime. */
    executionTime: integer('execution_time').notNull(),
    message: text('message').notNull().default(''),
    original: text('original').notNull(),
    originalThumb: text('original_thumb').notNull(),
    draft: text('draft').notNull(),
    additional: text('additional'),
    finalPicture: text('final_picture'),
    refuseReasonId: uuid('refuse_reason_id').references(() => refusalReasons.id),
    tip: integer('tip').notNull().default(0),
    tippedAt: timestamp('tipped_at', { withTimezone: true, mode: 'date' }),
    /** The designer of the delivered result, whom the tip credits. */
    tipExecutorId: uuid('tip_executor_id').references(() => users.id),
    /** Start of the current attempt (set by dispatch). */
    dateStart: timestamp('date_start', { withTimezone: true, mode: 'date' }),
    /** The designer who holds the order now (conditions 1, 4, 5); null while nobody does. */
    executorId: uuid('executor_id').references(() => users.id),
    /** The moderator who reviews the order now (conditions 2, 3). */
    reviewerId: uuid('reviewer_id').references(() => users.id),
    /** Set when the reviewing moderator's last socket closed: past it, the review goes back to the queue. */
    reviewHoldUntil: timestamp('review_hold_until', { withTimezone: true, mode: 'date' }),
    /** When the order last joined a queue: dispatch and review take the oldest first. */
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The persons and their services as the customer's history presents them (HistoryOrder.persons),
     * written with the persons and items (order-history.repository.ts, docs/decisions/0033).
     */
    personsView: json('persons_view').notNull().default([]),
    /** Set when the retention job deleted the order's pictures (30 days after creation). */
    picturesExpiredAt: timestamp('pictures_expired_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_condition_idx').on(t.condition, t.createdAt),
    // The back office's orders table, newest or oldest first.
    index('orders_created_idx').on(t.createdAt, t.id),
    // The retention job: orders whose pictures are still stored, oldest first.
    index('orders_pictures_kept_idx')
      .on(t.createdAt)
      .where(sql`${t.picturesExpiredAt} is null`),
    index('orders_queue_idx').on(t.condition, t.queuedAt),
    // A designer holds at most one order, a moderator reviews at most one, whatever races.
    uniqueIndex('orders_one_per_executor_idx')
      .on(t.executorId)
      .where(sql`${t.executorId} is not null`),
    uniqueIndex('orders_one_per_reviewer_idx')
      .on(t.reviewerId)
      .where(sql`${t.reviewerId} is not null`),
  ],
);

/** A person marked on the photo: the base 'photo' first, then 'Person N'. */
export const orderPersons = pgTable(
  'order_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    /** Issue 23: a copy of the customer's person profile applied to this person when the order was sent. */
    profile: jsonb('profile').$type<PersonProfileSnapshot>(),
  },
  (t) => [index('order_persons_order_idx').on(t.orderId)],
);

/** One chosen service or option of a person, with the catalogue figures it was sold at. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => orderPersons.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    optionId: uuid('option_id').references(() => serviceOptions.id),
    degreeIds: uuid('degree_ids').array().notNull().default([]),
    cost: integer('cost').notNull(),
    designerPrice: integer('designer_price').notNull(),
    executionTime: integer('execution_time').notNull(),
    active: boolean('active').notNull().default(true),
    edited: boolean('edited').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [index('order_items_person_idx').on(t.personId)],
);

/**
 * One step of an order's history (back-office section 3, Processing entry): a designer's attempt
 * (`executor`, with its result and the moderator's review) or a customer's revision request (`client`).
 */
export const orderProcessing = pgTable(
  'order_processing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'executor' | 'client'>().notNull(),
    executorId: uuid('executor_id').references(() => users.id),
    dateStart: timestamp('date_start', { withTimezone: true, mode: 'date' }),
    dateEnd: timestamp('date_end', { withTimezone: true, mode: 'date' }),
    timeExtension: boolean('time_extension').notNull().default(false),
    /** Hard deadline of an attempt: its start plus the order's execution time. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true, mode: 'date' }),
    /** When the open extension offer lapses; null while none is open. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    /** Whether the extension offer was already made for this attempt. */
    extensionOffered: boolean('extension_offered').notNull().default(false),
    /** Executor result: 0 refused, 1 completed, 2 overdue. */
    resultStatus: smallint('result_status'),
    resultPicture: text('result_picture'),
    resultReasonId: uuid('result_reason_id').references(() => refusalReasons.id),
    clientMessage: text('client_message'),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    reviewDateStart: timestamp('review_date_start', { withTimezone: true, mode: 'date' }),
    reviewDateEnd: timestamp('review_date_end', { withTimezone: true, mode: 'date' }),
    /** Review result: 0 fixed (sent back), 1 approved. */
    reviewStatus: smallint('review_status'),
    reviewPicture: text('review_picture'),
    reviewMessage: text('review_message'),
    /** The designer's pay this attempt earned: the order's costForExecutor when its result was approved. */
    executorPay: integer('executor_pay'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('order_processing_order_idx').on(t.orderId, t.createdAt),
    // The sweeper looks only at attempts still running.
    index('order_processing_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.dateEnd} is null and ${t.deadlineAt} is not null`),
    // The dashboard's median handling time: first approvals (paid) by the day they ended.
    index('order_processing_first_approval_idx')
      .on(t.reviewDateEnd)
      .where(sql`${t.reviewStatus} = 1 and ${t.executorPay} > 0`),
  ],
);

/** Staff searching for work: a designer for an order, a moderator for a review, longest waiting first. */
export const dispatchWaiters = pgTable(
  'dispatch_waiters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queue: text('queue').$type<DispatchQueueName>().notNull(),
    since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The instance whose socket searches (modules/work-queue/instance-liveness.ts): offered work only
     * while that instance lives. Null: presence alone decides (rows written before it was recorded).
     */
    instanceKey: integer('instance_key'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.queue] }),
    index('dispatch_waiters_queue_idx').on(t.queue, t.since),
  ],
);

/**
 * Work handed to staff (`order for executor` / `order for review`) that their client has not confirmed
 * yet: sent again until it is, handed back to the queue if it never is (docs/decisions/0046).
 */
export const assignmentDeliveries = pgTable(
  'assignment_deliveries',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queue: text('queue').$type<DispatchQueueName>().notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sends: integer('sends').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.staffId] }),
    index('assignment_deliveries_sent_idx').on(t.sentAt),
  ],
);
