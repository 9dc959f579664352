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
