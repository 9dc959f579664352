import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A staff member's time on duty (back-office section 3, Shift); an open shift has no end. */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // At most one open shift a person, whatever number of toggles race.
    uniqueIndex('shifts_one_open_idx')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
    index('shifts_user_started_idx').on(t.userId, t.startedAt),
  ],
);

/** Named date-time settings of the site (back-office section 3, System setting). */
export const systemSettings = pgTable('system_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  data: timestamp('data', { withTimezone: true, mode: 'date' }),
});
