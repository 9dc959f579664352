import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses a request part with a shared schema; the first issue's text becomes a 400 answer. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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
