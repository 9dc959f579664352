import dayjs, { type Dayjs } from 'dayjs';

/** The query's day format; the server counts both ends of the range in. */
const QUERY_DAY_FORMAT = 'YYYY-MM-DD';
/** The default range: the last 7 days up to today. */
const DEFAULT_RANGE_DAYS = 7;

export interface DayRange {
  startDate: string;
  endDate: string;
}

export const toQueryDay = (day: Dayjs) => day.format(QUERY_DAY_FORMAT);

/** The last 7 days up to `today`, both included. */
export function defaultRange(today: Dayjs = dayjs()): DayRange {
  return {
    startDate: toQueryDay(today.subtract(DEFAULT_RANGE_DAYS - 1, 'day')),
    endDate: toQueryDay(today),
  };
}
