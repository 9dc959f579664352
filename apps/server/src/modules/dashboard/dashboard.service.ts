import { DASHBOARD_DAYS, type Dashboard } from '@retouch/shared/dashboard';
import type { Executor } from '../../db/client';
import { countDesignersOnShift } from '../dispatch/shifts.repository';
import { countWaitingForDesigner } from '../work-queue/designer-queue.repository';
import { countWaitingForReview } from '../work-queue/moderator-queue.repository';
import {
  countModeratorsOnDuty,
  countOverdue,
  dailyFigures,
  medianHandlingMinutes,
  sumTokens,
} from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC midnight that starts the day of `moment`. */
const startOfUtcDay = (moment: Date) => new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);

/**
 * `GET /api/admin/dashboard`: the queues, the staff on duty and the late orders at `now`; today's median
 * handling time and tokens; orders and revenue of the DASHBOARD_DAYS days ending today. Days are UTC days.
 */
export async function getDashboard(db: Executor, now: Date): Promise<Dashboard> {
  const todayStart = startOfUtcDay(now);
  const today = { from: todayStart, to: new Date(todayStart.getTime() + DAY_MS) };
  const firstDay = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const [designer, review, designers, moderators, median, overdue, tokens, days] = await Promise.all([
    countWaitingForDesigner(db),
    countWaitingForReview(db),
    countDesignersOnShift(db),
    countModeratorsOnDuty(db),
    medianHandlingMinutes(db, today),
    countOverdue(db, now),
    sumTokens(db, today),
    dailyFigures(db, firstDay, DASHBOARD_DAYS),
  ]);
  return {
    waiting: { designer, review },
    onDuty: { designers, moderators },
    medianHandlingMinutes: median,
    overdue,
    today: tokens,
    days,
  };
}
