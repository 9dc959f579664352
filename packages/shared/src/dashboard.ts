import { z } from 'zod';

/** How many days the dashboard's chart covers: the ones ending today (UTC), oldest first. */
export const DASHBOARD_DAYS = 14;

const count = z.number().int().nonnegative();

/** One UTC day of the dashboard's chart. */
export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.iso.date(),
  /** Orders created that day. */
  orders: count,
  /** Tokens charged for orders that day, less what was refunded that day. */
  revenue: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** `GET /api/admin/dashboard` (lookOrders): the back office's figures of the moment and of the last days. */
export const dashboardSchema = z.object({
  waiting: z.object({
    /** Orders in the designers' queue (conditions 0 and 7). */
    designer: count,
    /** Orders in the moderators' queue: 2 and 3 that nobody reviews. */
    review: count,
  }),
  onDuty: z.object({
    /** Open shifts. */
    designers: count,
    /** Moderators searching the review queue or holding an order in review, each once. */
    moderators: count,
  }),
  /** Median minutes (to 0.1) from creation to first approval of the orders first approved today; null when none. */
  medianHandlingMinutes: z.number().nullable(),
  /** Unfinished orders whose creation plus execution time lies in the past. */
  overdue: count,
  today: z.object({
    /** Tokens charged for orders today, less what was refunded today. */
    revenue: z.number().int(),
    /** Tokens tipped today. */
    tips: z.number().int(),
  }),
  /** The DASHBOARD_DAYS days ending today, oldest first, days without anything included. */
  days: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
