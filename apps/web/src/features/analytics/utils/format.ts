import { formatHoursMinutes } from '../texts';

const MINUTE_MS = 60_000;

/** A server day (YYYY-MM-DD) as dd.mm.yyyy, without going through a time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** A server day (YYYY-MM-DD) as dd.mm, short enough for a chart axis. */
export const formatShortDay = (day: string) => formatDay(day).slice(0, 5);

/** Milliseconds on shift as hours and minutes (rounded down to the minute). */
export function formatShiftTime(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  return formatHoursMinutes(Math.floor(minutes / 60), minutes % 60);
}
