import type { z } from 'zod';
import { AppError } from './app-error';

/**
 * Where a NUL character sits in a request value, if anywhere. PostgreSQL cannot store one in text or
 * JSON, so such input is refused as invalid before it reaches a query.
 */
function findNulCharacter(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key] : findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Parses a request part with a shared schema; the first issue's text becomes a 400 answer. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const nulAt = findNulCharacter(value);
  if (nulAt) throw AppError.badRequest(`Invalid value: ${nulAt.join('.') || 'body'}`);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && !issue.message.startsWith('Invalid input') ? issue.message : undefined;
  throw AppError.badRequest(message ?? `Invalid value: ${issue?.path.join('.') || 'body'}`);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route's `:id`-like parameter when it is a UUID; anything else cannot exist, so 404 with the given text. */
export function uuidParam(params: unknown, name: string, notFoundMessage: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw AppError.notFound(notFoundMessage);
  return value;
}
