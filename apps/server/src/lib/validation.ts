import type { z } from 'zod';
import { AdminFieldText, AdminServerText } from '@retouch/shared/texts';
import { AppError, type BilingualMessage } from './app-error';

/** A value met on the walk, with the way back to the root: a path is built only for the NUL found. */
interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Where a NUL character sits in a request value, if anywhere. PostgreSQL cannot store one in text or
 * JSON, so such input is refused as invalid before it reaches a query. The walk keeps its own stack:
 * no nesting, however deep, can exhaust the call stack.
 */
function findNulCharacter(root: unknown): string[] | undefined {
  const pending: Visit[] = [{ value: root }];
  const seen = new Set<object>();
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value, key } = visit;
    if (key?.includes('\u0000')) return pathOf(visit);
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      // Pushed last to first, so that entries are met in order and the first NUL is the one named.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [childKey, child] = entries[i]!;
        pending.push({ value: child, key: childKey, parent: visit });
      }
    }
  }
  return undefined;
}

/** A value refused without a text of its own, in both languages: the field named, or the whole request. */
function invalidValue(path: readonly PropertyKey[] = []): BilingualMessage {
  const field = path.map(String).join('.');
  return {
    customer: `Invalid value: ${field || 'body'}`,
    backOffice: field ? AdminFieldText.invalidValue(field) : AdminServerText.invalidRequest,
  };
}

/** Stands in for zod's own (English) words when a refusal is worded for the back office. */
const ZOD_WORDS = '\u0000zod';

/**
 * The back office's words for a refusal: the schema's own text, or the field named in Russian where
 * only zod's English would say what is wrong. Parsed again, after a failure only: a schema's texts
 * outrank the error map given to the parse.
 */
function backOfficeRefusal(schema: z.ZodType, value: unknown): string | undefined {
  const issue = schema.safeParse(value, { error: () => ZOD_WORDS }).error?.issues[0];
  return issue && issue.message !== ZOD_WORDS ? issue.message : undefined;
}

/** Parses a request part with a shared schema; the first issue's text becomes a 400 answer. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nulAt = findNulCharacter(value);
  if (nulAt) throw AppError.badRequest(invalidValue(nulAt));
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const fallback = invalidValue(issue?.path);
  throw AppError.badRequest({
    customer: issue && !issue.message.startsWith('Invalid input') ? issue.message : fallback.customer,
    backOffice: backOfficeRefusal(schema, value) ?? fallback.backOffice,
  });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route's `:id`-like parameter when it is a UUID; anything else cannot exist, so 404 with the given text. */
export function uuidParam(params: unknown, name: string, notFoundMessage: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw AppError.notFound(notFoundMessage);
  return value;
}
