const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A moment as dd.mm.yyyy (back office section 9), in the viewer's time zone. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return `${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** A moment as dd.mm.yyyy hh:mm, in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDay(iso)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A server day (YYYY-MM-DD, UTC) as dd.mm.yyyy, without going through a time zone. */
export function formatServerDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** A server day as dd.mm, short enough for a chart axis. */
export const formatShortServerDay = (day: string) => formatServerDay(day).slice(0, 5);
