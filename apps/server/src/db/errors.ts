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

/** What a logged error may look like: a message, a stack, a cause, and any fields. */
type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** A failed query (Drizzle's and PGlite's carry their `params`) or PostgreSQL's own error. */
const isDatabaseError = (error: ErrorLike) =>
  'params' in error || ('severity' in error && typeof error.code === 'string');

/** What of a database error names the fault without a value (PostgreSQL's `detail` can quote a whole row). */
const NAMING_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'query',
];
/** Data exceptions (class 22) quote the value they refused: `invalid input syntax for type uuid: "..."`. */
const QUOTED_VALUE = /".*"/s;

/** A database error's message without what was sent: Drizzle's names the query, then its `params:`. */
function safeMessage(error: ErrorLike): string {
  if (typeof error.query === 'string' && error.message.startsWith('Failed query:')) {
    return `Failed query: ${error.query}`;
  }
  const code = typeof error.code === 'string' ? error.code : '';
  return code.startsWith('22') ? error.message.replace(QUOTED_VALUE, '"[value withheld]"') : error.message;
}

/** A copy of the error, of the same type, with the message given and a stack of its frames only. */
function copyOf(error: ErrorLike, fields: readonly string[], message: string, cause: unknown): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  for (const key of fields) if (key in error) copy[key] = error[key];
  // The stack's first lines repeat the message.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const hidden = { enumerable: false, writable: true, configurable: true };
  Object.defineProperties(copy, {
    name: { ...hidden, value: error.name },
    message: { ...hidden, value: message },
    stack: { ...hidden, value: [`${error.name}: ${message}`, ...frames].join('\n') },
    cause: { ...hidden, value: cause },
  });
  return copy;
}

function holdsDatabaseError(error: unknown, depth: number): boolean {
  if (!isErrorLike(error) || depth > 10) return false;
  return isDatabaseError(error) || holdsDatabaseError(error.cause, depth + 1);
}

function loggable(error: unknown, depth: number): unknown {
  if (!holdsDatabaseError(error, depth)) return error;
  const source = error as ErrorLike;
  const cause = loggable(source.cause, depth + 1);
  if (!isDatabaseError(source)) return copyOf(source, Object.keys(source), source.message, cause);
  return copyOf(source, NAMING_FIELDS, safeMessage(source), cause);
}

/**
 * What a log line may hold of an error (or of an object's errors): a failed query keeps its text and
 * SQLSTATE but loses its parameter values, PostgreSQL's `detail` and the value a data exception quotes:
 * they can hold e-mails, password hashes and tokens. Anything without a database error is left as it is.
 */
export function withoutQueryValues(value: unknown): unknown {
  if (isErrorLike(value)) return loggableWithCode(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (!entries.some(([, field]) => holdsDatabaseError(field, 0))) return value;
  return Object.fromEntries(entries.map(([key, field]) => [key, loggableWithCode(field)]));
}

/** The loggable error with the SQLSTATE of what failed on it: a cause's fields are not logged. */
function loggableWithCode(error: unknown): unknown {
  const copy = loggable(error, 0);
  if (copy === error || !isErrorLike(copy)) return copy;
  copy.code ??= [...causeChain(error)].find((current) => typeof current.code === 'string')?.code;
  return copy;
}
