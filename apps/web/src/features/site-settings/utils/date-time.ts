import dayjs, { type Dayjs } from 'dayjs';

/** How a setting's moment is shown and typed: local time, day first. */
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** A stored ISO moment as local date and time, or null for an unset setting. */
export function formatSettingDate(iso: string | null): string | null {
  return iso ? dayjs(iso).format(DATE_TIME_FORMAT) : null;
}

/** The picked moment as ISO 8601 with the local offset (e.g. 2026-11-21T18:30:00+03:00). */
export function toIsoWithOffset(value: Dayjs): string {
  return value.second(0).millisecond(0).format();
}
