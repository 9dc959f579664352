/** The error and what it wraps (Drizzle wraps driver errors in `cause`). */
function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current === 'object') yield current as { code?: unknown; message?: unknown };
  }
}

/** True when the error (or what it wraps) is PostgreSQL's unique_violation, on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (const current of causeChain(error)) if (current.code === '23505') return true;
  return false;
}

/** Socket errors of a database that cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that refuses or drops the connection: class 08 (connection exception),
 * shutdown or start-up (57P01-57P03), too many connections (53300), and a database that is not
 * accepting connections (55000 with that message only: 55000 also means other, real faults).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when its socket dies or the pool cannot get one. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** True when the database could not be reached or dropped the connection: the request may succeed later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causeChain(error)) {
    const code = typeof current.code === 'string' ? current.code : '';
    const message = typeof current.message === 'string' ? current.message : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    if (code === '55000' && message.includes('not currently accepting connections')) return true;
    if (!code && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}
