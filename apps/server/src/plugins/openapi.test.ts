import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The only /api routes whose answer is not JSON, and so declare no answer schema: each with its reason.
 * Every other route must declare the schema of each answer it writes.
 */
const ANSWERS_WITHOUT_SCHEMA: Record<string, string> = {
  'GET /api/files/*': 'a stored picture (streamed, or a redirect to a signed URL)',
  'GET /api/avatars/generated-avatar/:file': 'an SVG picture',
  'GET /api/login/google': "a redirect to the provider's sign-in page",
  'GET /api/auth/:provider': "a redirect to the provider's sign-in page",
  'GET /api/payment/:id': 'a redirect to the crypto invoice',
  'GET /api/payment/invoice/:paymentId': 'an HTML page (the sandbox invoice)',
  'POST /api/payment/crypto/:paymentId/simulate': "a redirect back to the invoice page (the page's form)",
  'GET /api/admin/users/export': 'a CSV download',
  'GET /api/admin/orders/export': 'a CSV download',
  'GET /api/admin/analytics/export': 'a CSV download',
  'GET /api/admin/analytics/export/:userId': 'a CSV download',
};

/** The part of a JSON Schema these tests read. */
interface JsonSchema {
  type?: string;
  required?: string[];
  format?: string;
  properties: Record<string, JsonSchema>;
  /** A multipart part's JSON: the schema of what the part's text holds. */
  contentSchema?: JsonSchema;
}
type Content = Record<string, { schema: JsonSchema }>;
interface Operation {
  tags: string[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
  security?: unknown[];
  description?: string;
}
/** What the document says of a route that declares no answer schema. */
const NO_SCHEMA = 'Success (a creation answers 201)';
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.client().get('/api/docs/json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => t.close());

const pathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
const operation = (method: string, url: string) => document.paths[pathOf(url)]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents every staff route with the sign it needs', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(t.app.guardedRoutes.length).toBeGreaterThan(30);
    for (const route of t.app.guardedRoutes) {
      const documented = operation(route.method, route.url);
      expect(documented, `${route.method} ${route.url}`).toBeDefined();
      expect(documented!.description).toContain(`permission sign ${route.permission}`);
      expect(documented!.security).toEqual([{ session: [] }]);
    }
    expect(operation('GET', '/api/analytics/user/:userId')!.description).toContain('lookUsers');
  });

  it('documents public routes, the probes and the metrics, but not the documentation itself', () => {
    for (const [method, url] of [
      ['POST', '/api/login'],
      ['GET', '/api/services'],
      ['GET', '/api/files/*'],
      ['POST', '/api/payment/stripe/webhook'],
      ['GET', '/healthz'],
      ['GET', '/readyz'],
      ['GET', '/metrics'],
    ] as const) {
      expect(operation(method, url), `${method} ${url}`).toBeDefined();
    }
    expect(operation('GET', '/metrics')!.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(Object.keys(document.paths).some((path) => path.includes(':'))).toBe(false);
  });

  it('gives request bodies from the shared schemas, as the client sends them', () => {
    const registration = operation('POST', '/api/registration')!.requestBody!.content['application/json']!
      .schema;
    expect(registration.required).toEqual(['email', 'password', 'name']);
    expect(registration.properties.password).toMatchObject({ type: 'string', minLength: 6 });
    expect(registration.properties.name!.required).toEqual(['giveName', 'familyName']);

    const tip = operation('POST', '/api/orders/order/:id/tip')!;
    expect(tip.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    expect(tip.requestBody!.content['application/json']!.schema.properties.data!.required).toEqual([
      'amount',
    ]);
  });

  it("reads a route's own schemas: its body as the client sends it, its answers as the server writes them", () => {
    const overload = operation('PATCH', '/api/admin/system/settings/order/overload')!;
    expect(overload.requestBody!.content['application/json']!.schema.required).toEqual(['data']);
    const answer = overload.responses['200']!;
    expect(answer.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['message', 'setting'],
      properties: { setting: { required: ['_id', 'name', 'data'] } },
    });
    const list = operation('GET', '/api/admin/system/settings')!;
    expect(list.responses['200']!.content!['application/json']!.schema.properties.data!.type).toBe('array');
    // A route answering a file declares no schema, and still says it succeeds.
    const file = operation('GET', '/api/files/*')!;
    expect(file.responses['200']).toEqual({ description: 'Success (a creation answers 201)' });
  });

  it('turns query schemas into query parameters, defaults making them optional', () => {
    const users = operation('GET', '/api/admin/users')!.parameters!;
    expect(users.map((parameter) => parameter.name)).toEqual([
      'limit',
      'page',
      'date',
      'onlyAdmin',
      'searchByEmail',
    ]);
    expect(users.every((parameter) => parameter.in === 'query' && !parameter.required)).toBe(true);
    expect(users.find((parameter) => parameter.name === 'date')!.schema).toMatchObject({
      enum: ['ASC', 'DESC'],
      default: 'DESC',
    });
    const analytics = operation('GET', '/api/analytics/user/:userId')!.parameters!;
    expect(analytics.map((parameter) => [parameter.in, parameter.name, parameter.required])).toEqual([
      ['path', 'userId', true],
      ['query', 'startDate', true],
      ['query', 'endDate', true],
    ]);
  });

  it('describes multipart uploads: the JSON data part and the file parts', () => {
    const create = operation('POST', '/api/orders/create')!.requestBody!.content['multipart/form-data']!
      .schema;
    expect(Object.keys(create.properties)).toEqual(['data', 'original', 'draft', 'additional']);
    expect(create.properties.original).toEqual({ type: 'string', format: 'binary' });
    expect(create.properties.data!.contentSchema!.properties.order!.required).toEqual(['persons']);
  });

  it('documents the answers of every /api route: only the allow-listed ones answer without a schema', () => {
    const undocumented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, documented]) =>
            Object.entries(documented.responses).every(
              ([status, answer]) => status === 'default' || answer.description === NO_SCHEMA,
            ),
          )
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    const allowed = Object.keys(ANSWERS_WITHOUT_SCHEMA).map((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return `${method} ${pathOf(url)}`;
    });
    // Both ways: a new route without an answer schema fails, and so does an allowance no longer needed.
    expect(undocumented.sort()).toEqual(allowed.sort());
  });

  it('every reference resolves', () => {
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of new Set(references)) {
      const [, section, name] = /^#\/components\/(\w+)\/(\w+)$/.exec(reference) ?? [];
      expect(document.components[section!]?.[name!], reference).toBeDefined();
    }
  });
});

describe('Swagger UI at /api/docs', () => {
  it('serves the page and its scripts from this origin under the strict policy', async () => {
    const page = await t.client().get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('./static/swagger-initializer.js');
    const initializer = await t.client().get('/api/docs/static/swagger-initializer.js');
    expect(initializer.status).toBe(200);
    expect(initializer.body).toContain("url: resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null');

    // Swagger UI needs no inline script: the app's policy applies unchanged.
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toBe((await t.client().get('/api/services')).headers.get('content-security-policy'));
  });
});
