type Fields = Record<string, unknown>;

/** Shown for a missing side or an empty value. */
export const NO_VALUE = '—';

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAbsent = (value: unknown) => value === null || value === undefined;

/** A value as text: strings as they are, objects and arrays compactly as JSON. */
export function showValue(value: unknown): string {
  if (isAbsent(value)) return NO_VALUE;
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean | bigint);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isFields(a) && isFields(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
    );
  }
  return false;
}

/** One line per field of a side that exists alone (what was created, or what was deleted). */
const describeSide = (side: unknown) =>
  isFields(side)
    ? Object.entries(side).map(([key, value]) => `${key}: ${showValue(value)}`)
    : [showValue(side)];

/**
 * An audit entry's change as lines to read: for two objects one line per key whose value differs,
 * "key: before → after" (a key on one side only has "—" on the other); for a create the after alone,
 * for a delete the before alone; other values as one "before → after" line. No lines: nothing differs.
 */
export function describeChange(before: unknown, after: unknown): string[] {
  if (isAbsent(before) && isAbsent(after)) return [];
  if (isAbsent(before)) return describeSide(after);
  if (isAbsent(after)) return describeSide(before);
  if (isFields(before) && isFields(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => !sameValue(before[key], after[key]))
      .map((key) => `${key}: ${showValue(before[key])} → ${showValue(after[key])}`);
  }
  return sameValue(before, after) ? [] : [`${showValue(before)} → ${showValue(after)}`];
}
