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
