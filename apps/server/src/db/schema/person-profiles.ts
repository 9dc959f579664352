import { sql } from 'drizzle-orm';
import type { ProfileService } from '@retouch/shared/person-profiles';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A customer's saved preferences for a person they often retouch (issue 23, decision 42). Orders never
 * point here: an order keeps a copy (`order_persons.profile`), so editing or deleting a profile leaves
 * sent orders as they were.
 */
export const personProfiles = pgTable(
  'person_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    /** Default services, options and degrees, as an order's entries name them. */
    services: jsonb('services').$type<ProfileService[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('person_profiles_user_idx').on(t.userId),
    // One "Anna" (or "anna") per customer: a name picks one profile in the editor.
    uniqueIndex('person_profiles_user_name_idx').on(t.userId, sql`lower(${t.name})`),
  ],
);
