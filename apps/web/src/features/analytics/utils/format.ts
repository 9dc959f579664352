import { formatHoursMinutes } from '../texts';

const MINUTE_MS = 60_000;

/** Milliseconds on shift as hours and minutes (rounded down to the minute). */
export function formatShiftTime(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  return formatHoursMinutes(Math.floor(minutes / 60), minutes % 60);
}
