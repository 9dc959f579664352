import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import fastJsonStringify from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../lib/validation';

/**
 * A route's zod schemas (`schema.body`, `querystring`, `params`) checked as the handlers checked them
 * with `parseInput`: the schema's own text, in the side's language, as a 400 `AppError` (the error
 * handler answers it like any other). A missing body is an empty object. The parsed value, defaults and transforms applied, replaces the
 * request part, typed through `ZodTypeProvider`.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    try {
      // A call without a body is read as an empty one: its required fields are named by their own texts.
      return { value: parseInput(schema, httpPart === 'body' && data == null ? {} : data) };
    } catch (error) {
      return { error: error as Error };
    }
  };

/** Answer schemas written by a serializer compiled from their JSON Schema (`compiledAnswer`). */
const compiledAnswers = new WeakSet<z.ZodType>();

/**
 * Marks an answer schema of a hot route to be written by fast-json-stringify compiled from its JSON
 * Schema instead of a zod parse per answer (decision 38): the fields and their order still come from the
 * schema, a field outside it is still dropped, but its values are not checked. Only for answers built
 * from typed rows, where a parse would check nothing the compiler has not.
 */
export function compiledAnswer<T extends z.ZodType>(schema: T): T {
  compiledAnswers.add(schema);
  return schema;
}

/**
 * Sends JSON text written elsewhere (by the database, by a cache) as it is: Fastify serializes no string,
 * so the route's answer schema documents it without a parse (decision 33).
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** Answers read back from storage: jsonb keeps no key order, so their schema writes them in the first answer's. */
const storedAnswers = new WeakSet<object>();

/** Marks an answer read back from storage (an Idempotency-Key's replay): `exactAnswers` compares it regardless of key order. */
export function markStoredAnswer(body: unknown): void {
  if (typeof body === 'object' && body !== null) storedAnswers.add(body);
}

/** A JSON value with every object's keys sorted: the same value whatever order its keys came in. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** Whether the serializer wrote the handler's answer unchanged (a stored one: the same value). */
function unchanged(written: string, data: unknown): boolean {
  if (written === JSON.stringify(data)) return true;
  if (typeof data !== 'object' || data === null || !storedAnswers.has(data)) return false;
  return JSON.stringify(sortedKeys(JSON.parse(written))) === JSON.stringify(sortedKeys(data));
}

type Serializer = (data: unknown) => string;
const zodSerializer = createSerializerCompiler({});

function compileAnswer(schema: z.ZodType): Serializer {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serializer;
}

export interface RouteSchemasOptions {
  /**
   * Tests: an answer its schema would change (a field dropped, keys reordered) is a 500 naming the route,
   * so that declaring a schema never changes a byte of what a route answered before.
   */
  exactAnswers?: boolean;
}

/**
 * Each route declares its contract (issue 22): request parts checked by the shared zod schemas, and
 * answers written from their `response` schemas (fastify-type-provider-zod's serializer: an answer that
 * breaks its schema is a 500, not a silent change of the contract). The OpenAPI document reads the same
 * schemas (plugins/openapi.ts). Registered before the routes.
 */
export const routeSchemasPlugin = fp<RouteSchemasOptions>(async (app: FastifyInstance, options) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler<z.ZodType>((route) => {
    const serialize: Serializer = compiledAnswers.has(route.schema)
      ? compileAnswer(route.schema)
      : zodSerializer(route as Parameters<typeof zodSerializer>[0]);
    if (!options.exactAnswers) return serialize;
    return (data) => {
      const written = serialize(data);
      if (!unchanged(written, data))
        throw new Error(`${route.method} ${route.url}: its answer schema dropped or reordered a field`);
      return written;
    };
  });
});
