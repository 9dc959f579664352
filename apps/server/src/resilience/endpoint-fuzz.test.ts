import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { logIn, signUpCustomer } from '../../test/fixtures';
import { placeOrder, catalogServices } from '../../test/staff-fixtures';
import { TEST_ADMIN } from '../../test/test-config';
import type { ApiRoute } from '../plugins/route-table';
import { notAnImage } from './abusive-images';
import { snapshotState } from './state-snapshot';

/**
 * Every /api route, fuzzed as a visitor, a customer and an admin with malformed input: random JSON of
 * the wrong shape, broken JSON, JSON nested past the depth limit, wrong content types, malformed
 * multipart, bad ids and queries. The server never answers 5xx, and nothing is written: every table's
 * rows and the data folder's files are the same after each route's runs as before.
 *
 * The generators are built so that no request can be valid: strings in bodies are blank, huge (past
 * every length limit) or carry a NUL byte (PostgreSQL cannot store one), objects carry wrong types,
 * and real ids go only into requests whose body is also malformed. Routes that act without any input
 * (logout, a shift toggle) are fuzzed only as roles that may not perform them.
 */
const SEED = 20_260_518;
const RUNS_PER_ROUTE = 8;

type Role = 'visitor' | 'customer' | 'admin';

/** Routes that change state with no input at all: for these roles, any request is a valid one. */
const ACTS_WITHOUT_INPUT: Record<string, Role[]> = {
  'POST /api/logout': ['customer', 'admin'],
  // A shift needs back-office access: a customer's toggle is refused and writes nothing.
  'POST /api/executor/shift/toggle': ['admin'],
  // Back office section 7: each creates an empty row whatever the body lacks (titles are all it reads).
  'POST /api/admin/services/degree': ['admin'],
  'POST /api/admin/orders/reason': ['admin'],
};
/** Routes whose id alone makes a valid request (deletes, cancel, buy...): they get only unknown ids. */
const ID_ONLY_ACTIONS = new Set([
  'POST /api/admin/orders/order/:id/cancel',
  'POST /api/product/:id/buy',
  'GET /api/payment/:id',
  'POST /api/payment/crypto/:paymentId/simulate',
  'GET /api/email/confirm/reset/:userId',
]);

let t: TestApp;
const clients = {} as Record<Role, TestClient>;
let routes: ApiRoute[];
/** Ids of rows that exist, so that a malformed body also reaches past "not found". */
let existingIds: string[];
let tinyPng: Buffer;

beforeAll(async () => {
  t = await createTestApp({ FEEDBACK_RATE_LIMIT_PER_HOUR: '1000000' });
  clients.visitor = t.client();
  const customer = await signUpCustomer(t);
  clients.customer = customer.client;
  clients.admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  await placeOrder(customer.client, (await catalogServices(t))('Teeth whitening')._id);
  const seen = new Set<string>();
  routes = t.app.apiRoutes.filter((route) => {
    const key = `${route.method} ${route.url}`;
    return !seen.has(key) && seen.add(key);
  });
  existingIds = await collectExistingIds();
  tinyPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

async function collectExistingIds(): Promise<string[]> {
  const result = (await t.db.execute(sql`
    select id::text from users union select id::text from orders union select id::text from service_groups
    union select id::text from services union select id::text from service_options
    union select id::text from degrees union select id::text from refusal_reasons
    union select id::text from products union select id::text from roles
  `)) as unknown as { rows: Array<{ id: string }> };
  return result.rows.map((row) => row.id);
}

// ---- generators

/** Names the shared schemas use, so that malformed objects hit real fields with wrong values. */
const FIELD_NAMES = [
  'email',
  'password',
  'oldPassword',
  'name',
  'giveName',
  'familyName',
  'data',
  'order',
  'persons',
  'orders',
  'message',
  'amount',
  'title',
  'admin',
  'user',
  'description',
  'instruction',
  'cost',
  'designerPrice',
  'executionTime',
  'status',
  'charge',
  'bonus',
  '_id',
  'id',
  'permissions',
  'sign',
  'role',
  'balance',
  'main',
  'client_secret',
  'card',
  'token',
  'userId',
  'default',
  'degreeAction',
  'isOptional',
  'limit',
  'page',
  'sortByDate',
  'search',
  'ms',
  'multi',
  'embedInCanvas',
];
const hugeString = fc.integer({ min: 10_000, max: 120_000 }).map((length) => 'ж'.repeat(length));
const badString = fc.oneof(
  fc.constantFrom('', ' ', '   ', '\t\n'),
  hugeString,
  fc.string({ maxLength: 12 }).map((text) => `${text}\u0000`),
);
const badNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, 0.5),
);
const badLeaf = fc.oneof(fc.constant(null), fc.boolean(), badNumber, badString);
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 }));
const badObject = (depth: number): fc.Arbitrary<Record<string, unknown>> =>
  fc.dictionary(
    fieldName,
    depth > 0
      ? fc.oneof(badLeaf, fc.array(badLeaf, { minLength: 1, maxLength: 3 }), badObject(depth - 1))
      : badLeaf,
    { minKeys: 1, maxKeys: 5 },
  );
/** A JSON value no schema of the API accepts. */
const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badObject(2) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: badLeaf },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/** JSON text nested past the depth limit (33 levels) up to what 64 KB holds, as arrays or objects. */
const deepJsonText = fc
  .record({ depth: fc.integer({ min: 33, max: 30_000 }), asObject: fc.boolean() })
  .map(({ depth, asObject }) =>
    asObject
      ? `${'{"data":'.repeat(depth)}1${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}${']'.repeat(depth)}`,
  );

const badId = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    'not-a-uuid',
    '0',
    '-1',
    '00000000-0000-0000-0000-00000000000g',
    "' or 1=1 --",
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%E0%A4%A',
    'null',
    '9'.repeat(3000),
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);
const wildcardPath = fc
  .array(fc.constantFrom('orders', 'catalog', 'avatars', '..', '%2e%2e', '.hidden', 'x.png', '%00', 'a b'), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join('/'));

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
  fc.constantFrom('', '-1', '1e999', 'NaN', '[]', '{}', '\u0000', 'ASC', 'DESC', 'x'.repeat(5000)),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fieldName, queryValue, { maxKeys: 3 })
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
  fc.constantFrom('?a=%E0%A4%A', '?page=1&page=2&limit=5&limit=x', '?%00=%00', `?q=${'%41'.repeat(2000)}`),
);

type Body = { contentType?: string; payload?: string | FormData };

const FILE_PARTS = ['original', 'draft', 'additional', 'image', 'before', 'after', 'file'];
const multipartBody = fc
  .record({
    data: fc.option(
      fc.oneof(
        badJsonValue.map((value) => JSON.stringify(value)),
        fc.string({ maxLength: 40 }),
        deepJsonText,
      ),
    ),
    fields: fc.dictionary(fieldName, fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    files: fc.array(
      fc.record({
        part: fc.constantFrom(...FILE_PARTS),
        content: fc.oneof(
          fc.constant('png' as const),
          fc.constant('script' as const),
          fc.uint8Array({ maxLength: 256 }),
        ),
        type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/plain'),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ data, fields, files }): Body => {
    const form = new FormData();
    if (data !== null) form.append('data', data);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const file of files) {
      const bytes =
        file.content === 'png' ? tinyPng : file.content === 'script' ? notAnImage : Buffer.from(file.content);
      form.append(file.part, new Blob([new Uint8Array(bytes)], { type: file.type }), 'photo.png');
    }
    return { payload: form };
  });

const BOUNDARY = '----fuzz-boundary';
const brokenMultipart = fc.oneof(
  fc.constant<Body>({ contentType: 'multipart/form-data', payload: 'no boundary given' }),
  fc
    .string({ maxLength: 200 })
    .map((junk): Body => ({ contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: junk })),
  fc.constantFrom<Body>(
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"order":`,
    },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
    },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--${BOUNDARY}--\r\n`,
    },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}--\r\n`,
    },
  ),
);

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({}),
  badJsonValue.map((value): Body => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  deepJsonText.map((text): Body => ({ contentType: 'application/json', payload: text })),
  fc
    .oneof(
      fc.constantFrom('{', '{"a":', '[1,', 'nul', '"open', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}'),
      fc.string({ maxLength: 40 }),
    )
    .map((text): Body => ({ contentType: 'application/json', payload: text })),
  fc
    .record({
      contentType: fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'image/png',
        'application/json; charset=latin1',
        'gibberish',
      ),
      payload: fc.string({ maxLength: 80 }),
    })
    .map((value): Body => value),
  multipartBody,
  brokenMultipart,
  fc.constant<Body>({
    contentType: 'application/json',
    payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
  }),
);

function concretePath(route: ApiRoute, withExistingIds: boolean): fc.Arbitrary<string> {
  const parts = route.url.split(/(:[A-Za-z]+|\*)/);
  const id = withExistingIds ? fc.oneof(badId, fc.constantFrom(...existingIds)) : badId;
  return fc
    .tuple(
      ...parts.map((part) => (part === '*' ? wildcardPath : part.startsWith(':') ? id : fc.constant(part))),
    )
    .map((pieces) => pieces.join(''));
}

interface FuzzRequest {
  path: string;
  body: Body;
}

function requests(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const key = `${route.method} ${route.url}`;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  // Real ids only where a (malformed) body is also needed; a GET with a real id only reads.
  const realIds = !ID_ONLY_ACTIONS.has(key) && route.method !== 'DELETE';
  return fc
    .tuple(concretePath(route, realIds), query, hasBody ? body : fc.constant<Body>({}))
    .map(([path, search, payload]) => ({ path: `${path}${search}`, body: payload }));
}

async function send(client: TestClient, method: string, request: FuzzRequest) {
  const headers: Record<string, string> = {};
  if (client.cookieHeader) headers.cookie = client.cookieHeader;
  if (request.body.contentType) headers['content-type'] = request.body.contentType;
  const response = await fetch(`${t.baseUrl}${request.path}`, {
    method,
    headers,
    body: request.body.payload,
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

/** The back office's calls (back office section 1: its screens are in Russian). */
const isBackOffice = (path: string) => /^\/api\/(admin|analytics|executor)([/?]|$)/.test(path);
const CYRILLIC = /[А-Яа-яЁё]/;

/**
 * Only failures that say what went wrong: JSON answers carry a message, in Russian to the back
 * office and in English to the customer side.
 */
function describeFailure(path: string, status: number, type: string, text: string): string | null {
  if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`;
  if (status >= 400 && type.includes('application/json')) {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message !== 'string' || parsed.message === '')
      return `no message: ${text.slice(0, 300)}`;
    if (isBackOffice(path) !== CYRILLIC.test(parsed.message))
      return `message in the other side's language: ${parsed.message.slice(0, 300)}`;
  }
  return null;
}

describe('fuzzing every /api route', () => {
  it('covers every route of the app, multipart ones included', () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    expect(keys.length).toBeGreaterThan(80);
    for (const expected of [
      'POST /api/orders/create',
      'PATCH /api/user/change/info',
      'POST /api/admin/services/list/:groupId',
      'POST /api/admin/orders/executor/completed',
      'POST /api/admin/orders/review/completed/rejection',
      'POST /api/payment/stripe/webhook',
      'GET /api/files/*',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  for (const role of ['visitor', 'customer', 'admin'] as const) {
    it(`never answers 5xx and never writes, as ${role === 'admin' ? 'an' : 'a'} ${role}`, async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        if (ACTS_WITHOUT_INPUT[key]?.includes(role)) continue;
        const before = await snapshotState(t.db, t.config.DATA_DIR);
        try {
          await fc.assert(
            fc.asyncProperty(requests(route), async (request) => {
              const { status, type, text } = await send(clients[role], route.method, request);
              const failure = describeFailure(request.path, status, type, text);
              if (failure) throw new Error(`${route.method} ${request.path.slice(0, 200)}: ${failure}`);
            }),
            { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
        } catch (error) {
          const cause = (error as Error).cause as Error | undefined;
          problems.push(`${key} as ${role} (seed ${SEED}): ${cause?.message ?? (error as Error).message}`);
        }
        const after = await snapshotState(t.db, t.config.DATA_DIR);
        const changed = Object.keys(before.tables).filter(
          (table) => JSON.stringify(before.tables[table]) !== JSON.stringify(after.tables[table]),
        );
        if (changed.length > 0)
          problems.push(`${key} as ${role} (seed ${SEED}) wrote to ${changed.join(', ')}`);
        if (JSON.stringify(before.files) !== JSON.stringify(after.files)) {
          const added = after.files.filter((file) => !before.files.includes(file));
          const removed = before.files.filter((file) => !after.files.includes(file));
          problems.push(`${key} as ${role} changed files: +${added.join(',')} -${removed.join(',')}`);
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});

describe('text carrying a NUL character (PostgreSQL cannot store one)', () => {
  const NUL = '\u0000';
  const cases: Array<[Role, string, string, () => unknown]> = [
    [
      'visitor',
      'POST',
      '/api/registration',
      () => ({
        email: 'nul@example.com',
        password: 'secret-password',
        name: { giveName: `Ann${NUL}`, familyName: 'Lee' },
      }),
    ],
    [
      'visitor',
      'POST',
      '/api/login',
      () => ({ email: `ann${NUL}@example.com`, password: 'secret-password' }),
    ],
    [
      'visitor',
      'POST',
      '/api/feedback',
      () => ({ name: `Ann${NUL}`, email: 'ann@example.com', message: 'Hello' }),
    ],
    [
      'customer',
      'PATCH',
      '/api/user/change/info',
      () => {
        const form = new FormData();
        form.append('data', JSON.stringify({ name: { giveName: `Ann${NUL}`, familyName: 'Lee' } }));
        return form;
      },
    ],
    ['admin', 'POST', '/api/admin/permissions/role', () => ({ title: `Role${NUL}` })],
    [
      'admin',
      'POST',
      '/api/admin/services/group',
      () => ({ title: { admin: `Лицо${NUL}`, user: 'Face' }, status: true }),
    ],
    [
      'admin',
      'POST',
      '/api/admin/orders/reason',
      () => ({ title: { admin: `Причина${NUL}`, user: 'Reason' } }),
    ],
    ['admin', 'GET', `/api/admin/orders/?email=${encodeURIComponent(NUL)}`, () => undefined],
  ];

  it.each(cases)(
    'is refused with 400 as a %s: %s %s, and nothing is written',
    async (role, method, url, body) => {
      const before = await snapshotState(t.db, t.config.DATA_DIR);
      const answer = await clients[role].request(method, url, body());
      expect(answer.status).toBe(400);
      // The field is named, in the language of the side that asked.
      expect(answer.body.message).toMatch(
        isBackOffice(url) ? /^Неверное значение поля «/ : /^Invalid value: /,
      );
      expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
    },
  );
});
