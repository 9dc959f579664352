import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

/**
 * Each route declares its contract (issue 22): request parts checked by the shared zod schemas, and
 * answers written from their `response` schemas (fastify-type-provider-zod's serializer: an answer that
 * breaks its schema is a 500, not a silent change of the contract). The OpenAPI document reads the same
 * schemas (plugins/openapi.ts). Registered before the routes.
 */
export const routeSchemasPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
});
