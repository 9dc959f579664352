import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
// Catalogue rows are soft-deleted: orders keep referring to what they were made of.
const deletedAt = timestamp('deleted_at', { withTimezone: true, mode: 'date' });

const bilingualTitle = {
  titleAdmin: text('title_admin').notNull().default(''),
  titleUser: text('title_user').notNull().default(''),
};

/** The described, priced columns of services, options and option templates. */
const priced = {
  ...bilingualTitle,
  descriptionAdmin: text('description_admin').notNull(),
  descriptionUser: text('description_user').notNull(),
  instruction: text('instruction').notNull(),
  cost: integer('cost').notNull(),
  designerPrice: integer('designer_price').notNull(),
  executionTime: integer('execution_time').notNull(),
};

/** What services and options add: a status and the three pictures. */
const offer = {
  ...priced,
  status: boolean('status').notNull().default(false),
  picture: text('picture').notNull(),
  pictureThumb: text('picture_thumb').notNull(),
  pictureBefore: text('picture_before').notNull(),
  pictureAfter: text('picture_after').notNull(),
};

export const serviceGroups = pgTable('service_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...bilingualTitle,
  status: boolean('status').notNull().default(false),
  createdAt,
  deletedAt,
});

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => serviceGroups.id),
    ...offer,
    embedInCanvas: boolean('embed_in_canvas').notNull().default(false),
    allowMessage: boolean('allow_message').notNull().default(false),
    allowAdditionalImage: boolean('allow_additional_image').notNull().default(false),
    multi: boolean('multi').notNull().default(false),
    multiDegree: boolean('multi_degree').notNull().default(false),
    createdAt,
    deletedAt,
  },
  (t) => [index('services_group_idx').on(t.groupId)],
);

export const serviceOptions = pgTable(
  'service_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    ...offer,
    createdAt,
    deletedAt,
  },
  (t) => [index('service_options_service_idx').on(t.serviceId)],
);

export const optionTemplates = pgTable('option_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...priced,
  createdAt,
  deletedAt,
});

export const degrees = pgTable(
  'degrees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...bilingualTitle,
    isDefault: boolean('is_default').notNull().default(false),
    createdAt,
    deletedAt,
  },
  // At most one live default, whatever the concurrency; the service keeps it at exactly one.
  (t) => [
    uniqueIndex('degrees_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

export const serviceDegrees = pgTable(
  'service_degrees',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    degreeId: uuid('degree_id')
      .notNull()
      .references(() => degrees.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.degreeId] })],
);

export const refusalReasons = pgTable('refusal_reasons', {
  id: uuid('id').primaryKey().defaultRandom(),
  ...bilingualTitle,
  createdAt,
  deletedAt,
});
