import { createRequire } from 'node:module';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { SESSION_COOKIE } from '@retouch/shared/constants';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@retouch/shared/http';
import { PermissionSign } from '@retouch/shared/permissions';

const DOCS_PREFIX = '/api/docs';
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
/** Routes outside /api documented as well: the probes and the metrics. */
const OPERATIONS_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** A multipart/form-data request: its JSON part `data` (checked by the handler as the parts arrive) and its file parts. */
interface MultipartForm {
  data?: z.ZodType;
  files: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart form, described for the document (a route's JSON schema cannot say it). */
    multipart?: MultipartForm;
    /** The route takes an optional Idempotency-Key header: a repeated send gets the first one's answer. */
    idempotent?: true;
  }
}

/** The zod schemas a route declares (plugins/route-schemas.ts). */
interface RouteSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response?: Record<string, z.ZodType>;
}

interface DocumentedRoute {
  method: string;
  url: string;
  permission?: number;
  multipart?: MultipartForm;
  idempotent?: true;
  schema?: RouteSchemas;
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const signNames = new Map<number, string>(Object.entries(PermissionSign).map(([name, sign]) => [sign, name]));

/** The JSON Schema of what a client sends (defaults make fields optional; transforms are not the client's business). */
function requestSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

/** The JSON Schema of what the server answers (the output of the schema: after its transforms). */
function answerSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return json;
}

/** `/api/orders/order/:id/tip` -> `/api/orders/order/{id}/tip`; a wildcard becomes `{path}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

function pathParameters(url: string) {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  if (url.endsWith('*')) names.push('path');
  return names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(schema: z.ZodType) {
  const json = requestSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function multipartBody(multipart: MultipartForm) {
  const properties: Record<string, JsonSchema> = {};
  if (multipart.data) {
    properties.data = {
      type: 'string',
      description: 'JSON text of this schema',
      contentMediaType: 'application/json',
      contentSchema: requestSchema(multipart.data),
    };
  }
  for (const file of multipart.files) properties[file] = { type: 'string', format: 'binary' };
  return { content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
}

/** The header of the sends that cost or create money (IETF draft "The Idempotency-Key HTTP Header Field"). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
  description:
    `Optional, 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (a new random UUID per send; the ` +
    `draft's quoted form is accepted). A repeat of a send that succeeded, with the same key, from the same ` +
    `account, within ${IDEMPOTENCY_KEY_TTL_HOURS} hours, gets that send's status and body again ` +
    `(\`${IDEMPOTENT_REPLAYED_HEADER}: true\`) and does nothing twice; a send racing it waits for it. The ` +
    'same key with another request answers 422; a malformed key 400. A send that failed keeps nothing: ' +
    'its retry runs again.',
};

/** Tag by area: `/api/admin/orders/...` -> `admin/orders`, `/api/login` -> `login`, probes -> `operations`. */
function tagOf(url: string): string {
  if (OPERATIONS_ROUTES.has(url)) return 'operations';
  const [first, second] = url.replace(/^\/api\//, '').split('/');
  return first === 'admin' && second ? `admin/${second}` : (first ?? 'api');
}

/** Answers without a body, whatever schema their status declares. */
const BODILESS: Record<string, string> = { '204': 'No content', '304': 'Not modified' };

/** The answers: each status the route's schema declares, or a plain success; a failure is `{ message }`. */
function responsesOf(declared: RouteSchemas['response']) {
  const success = declared
    ? Object.fromEntries(
        Object.entries(declared).map(([status, schema]) => [
          status,
          BODILESS[status]
            ? { description: BODILESS[status] }
            : { description: 'Success', content: { 'application/json': { schema: answerSchema(schema) } } },
        ]),
      )
    : { '200': { description: 'Success (a creation answers 201)' } };
  return {
    ...success,
    default: {
      description: 'Failure',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
    },
  };
}

function operationOf(route: DocumentedRoute): Operation {
  const body = route.schema?.body;
  const query = route.schema?.querystring;
  const parameters = [
    ...pathParameters(route.url),
    ...(query ? queryParameters(query) : []),
    ...(route.idempotent ? [idempotencyKeyParameter] : []),
  ];
  const operation: Operation = { tags: [tagOf(route.url)], responses: responsesOf(route.schema?.response) };
  if (parameters.length > 0) operation.parameters = parameters;
  if (body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: requestSchema(body) } },
    };
  }
  if (route.multipart) operation.requestBody = multipartBody(route.multipart);
  if (route.permission !== undefined) {
    operation.description = `Staff only: showAdmin and permission sign ${route.permission} (${signNames.get(route.permission) ?? '?'}).`;
    operation.security = [{ session: [] }];
  }
  if (route.url === '/metrics') operation.security = [{ metricsToken: [] }];
  return operation;
}

/** The OpenAPI 3.1 document of the registered routes, with the shared schemas the registry names. */
function buildOpenApiDocument(routes: DocumentedRoute[], apiVersion: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Retouch API',
      version: apiVersion,
      description:
        "Generated from the routes' own shared zod schemas. Requests carry the session cookie set by POST /api/login.",
    },
    paths,
    components: {
      schemas: {
        Failure: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
    },
  };
}

/**
 * OpenAPI at /api/docs (Swagger UI) and /api/docs/json when API_DOCS is on, built once every route is
 * registered from what each route declares (onRoute): its schemas, its multipart form, its idempotency.
 * Registered before the routes it documents.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) return;
    if (!route.url.startsWith('/api/') && !OPERATIONS_ROUTES.has(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        permission: route.config?.permission,
        multipart: route.config?.multipart,
        idempotent: route.config?.idempotent,
        schema: route.schema as RouteSchemas | undefined,
      });
    }
  });

  // Static mode serves this very object: it is filled in once the routes are known.
  const document = { openapi: '3.1.0', info: { title: 'Retouch API', version }, paths: {} };
  // In production the map of every route is served only when asked for (API_DOCS).
  if (app.config.API_DOCS) {
    await app.register(fastifySwagger, { mode: 'static', specification: { document } });
    // Its page loads only its own files (no inline script, no validator badge): the app's CSP holds there too.
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  }

  app.addHook('onReady', async () => {
    Object.assign(document, buildOpenApiDocument(routes, version));
  });
});
