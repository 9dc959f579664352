import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderCondition } from '@retouch/shared/orders';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signUpCustomer } from '../../test/fixtures';
import { catalogServices, placeOrder } from '../../test/staff-fixtures';
import { orders, payments } from '../db/schema/index';
import type { ApiRoute } from '../plugins/route-table';
import { snapshotState } from './state-snapshot';

/**
 * Authorisation of every route outside the back office (plugins/route-table.test.ts proves /api/admin
 * and /api/analytics): each needs a session, and answers 401 to a visitor, unless it is listed below as
 * deliberately public, so that a new route must be classified here. And no customer reaches another
 * customer's order or payment through any route that takes its id.
 */
const PUBLIC_ROUTES = new Set([
  // Accounts: before there is a session.
  'POST /api/registration',
  'GET /api/email/confirm',
  'GET /api/email/confirm/reset/:userId',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/password/forgot',
  'POST /api/password/reset',
  // Social login and the mobile app's hook (verified by its HMAC).
  'GET /api/auth/providers',
  'GET /api/login/google',
  'GET /api/auth/:provider',
  'GET /api/login/google/callback',
  'GET /api/login/facebook/callback',
  'GET /api/auth/:provider/callback',
  'GET /api/login/google/android',
  // The public site: catalogue, packages, refusal reasons, overload, footer, contact form.
  'GET /api/services',
  'GET /api/products',
  'GET /api/payment/config',
  'GET /api/orders/reason',
  'GET /api/system/order/overload',
  // The editor's estimate of when a result sent now would come (decision 26).
  'GET /api/system/order/eta',
  'GET /api/site',
  'POST /api/feedback',
  // Generated initials avatars are <img> sources.
  'GET /api/avatars/generated-avatar/:file',
  // Payment providers call these; they prove themselves with a signature, not a session.
  'POST /api/payment/stripe/webhook',
  'POST /api/payment/crypto/callback',
]);
/** The API's own documentation (Swagger UI and the OpenAPI document) is public as a whole. */
const PUBLIC_PREFIXES = ['/api/docs'];
/** Stored pictures answer 404 alike to whoever may not see them (files module and its tests); see below for orders. */
const PROVED_ELSEWHERE = new Set(['GET /api/files/*']);
const isStaffRoute = (route: ApiRoute) => /^\/api\/(admin|analytics)\//.test(route.url);
const keyOf = (route: ApiRoute) => `${route.method} ${route.url}`;

/** Customer routes taking an id, and whose thing it names: an owned one, or a shared one anyone may use. */
const ID_ROUTES: Record<string, 'order' | 'payment' | 'profile' | 'product'> = {
  'GET /api/orders/order/:id': 'order',
  'POST /api/orders/order/:id/tip': 'order',
  'POST /api/orders/refusal/:id': 'order',
  'GET /api/payment/invoice/:paymentId': 'payment',
  'POST /api/payment/crypto/:paymentId/simulate': 'payment',
  'GET /api/product/:id/tax': 'product',
  'POST /api/product/:id/buy': 'product',
  'GET /api/payment/:id': 'product',
  // A customer's person profiles (issue 23).
  'PUT /api/user/person-profiles/:id': 'profile',
  'DELETE /api/user/person-profiles/:id': 'profile',
};

let t: TestApp;
let routes: ApiRoute[];
let owner: { client: TestClient; userId: string };
let intruder: TestClient;
const owned = { order: '', payment: '', profile: '' };

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.apiRoutes;
  const signedUp = await signUpCustomer(t);
  owner = { client: signedUp.client, userId: signedUp.user._id };
  intruder = (await signUpCustomer(t)).client;
  owned.order = await placeOrder(owner.client, (await catalogServices(t))('Teeth whitening')._id);
  // Finished, so that a tip and a revision are possible for its owner.
  await t.db.update(orders).set({ condition: OrderCondition.done }).where(eq(orders.id, owned.order));
  const [product] = (await t.client().get('/api/products')).body as Array<{ _id: string }>;
  expect((await owner.client.get(`/api/payment/${product!._id}`)).status).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.userId, owner.userId));
  owned.payment = payment!.id;
  const profile = await owner.client.post('/api/user/person-profiles', { name: 'Anna', notes: 'Natural' });
  expect(profile.status).toBe(201);
  owned.profile = (profile.body as { _id: string })._id;
});
afterAll(() => t.close());

function call(client: TestClient, route: ApiRoute, path: string, body: unknown = {}) {
  switch (route.method) {
    case 'GET':
      return client.get(path);
    case 'DELETE':
      return client.delete(path);
    case 'POST':
      return client.post(path, body);
    case 'PATCH':
      return client.patch(path, body);
    case 'PUT':
      return client.request('PUT', path, body);
    default:
      throw new Error(`no call for ${keyOf(route)}`);
  }
}

const withFreshIds = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace('*', 'x.png');

describe('routes outside the back office', () => {
  it('lists only routes that exist', () => {
    const keys = new Set(routes.map(keyOf));
    for (const key of [...PUBLIC_ROUTES, ...PROVED_ELSEWHERE, ...Object.keys(ID_ROUTES)]) {
      expect(keys, key).toContain(key);
    }
  });

  it('answer a visitor 401 unless deliberately public', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      if (isStaffRoute(route) || PROVED_ELSEWHERE.has(key)) continue;
      const answer = await call(t.client(), route, withFreshIds(route.url));
      const isPublic =
        PUBLIC_ROUTES.has(key) || PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix));
      if (isPublic ? answer.status === 401 || answer.status >= 500 : answer.status !== 401) {
        wrong.push(`${key}: ${answer.status} (${isPublic ? 'public' : 'needs a session'})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('classify every route taking an id by what the id names', () => {
    const unclassified = routes
      .filter((route) => !isStaffRoute(route) && !PUBLIC_ROUTES.has(keyOf(route)))
      .filter((route) => !PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
      .filter((route) => !PROVED_ELSEWHERE.has(keyOf(route)) && /[:*]/.test(route.url))
      .map(keyOf)
      .filter((key) => !(key in ID_ROUTES));
    expect(unclassified).toEqual([]);
  });
});

describe("another customer's order, payment and person profile", () => {
  const bodies: Record<string, unknown> = {
    'POST /api/orders/order/:id/tip': { data: { amount: 1 } },
    'POST /api/orders/refusal/:id': { message: 'Please redo the left side' },
    'PUT /api/user/person-profiles/:id': { name: 'Anna', notes: 'Changed by someone else' },
  };
  // Deleting goes last: the owner's other calls need the thing still there.
  const ownedRoutes = () =>
    routes
      .filter((route) => ['order', 'payment', 'profile'].includes(ID_ROUTES[keyOf(route)] ?? ''))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const pathFor = (route: ApiRoute) => {
    const kind = ID_ROUTES[keyOf(route)] as 'order' | 'payment' | 'profile';
    return route.url.replace(/:[A-Za-z]+/, owned[kind]);
  };

  it('are not found by any route that takes their id, and stay untouched', async () => {
    expect(ownedRoutes()).toHaveLength(7);
    const before = await snapshotState(t.db, t.config.DATA_DIR);
    for (const route of ownedRoutes()) {
      const answer = await call(intruder, route, pathFor(route), bodies[keyOf(route)]);
      expect(answer.status, keyOf(route)).toBe(404);
    }
    expect(await snapshotState(t.db, t.config.DATA_DIR)).toEqual(before);
  });

  it('keep their pictures from the other customer', async () => {
    const order = (await owner.client.get(`/api/orders/order/${owned.order}`)).body;
    const pictures = [order.pictures.original, order.pictures.thumbnail, order.pictures.draft] as string[];
    for (const picture of pictures) {
      expect((await owner.client.get(picture)).status, picture).toBe(200);
      expect((await intruder.get(picture)).status, picture).toBe(404);
    }
  });

  it('are absent from the other customer’s history', async () => {
    expect((await intruder.get('/api/orders/user/')).body).toEqual({ orders: [], total: 0 });
    expect((await owner.client.get('/api/orders/user/')).body.total).toBe(1);
  });

  it('are reached by their owner through the same routes', async () => {
    for (const route of ownedRoutes()) {
      const answer = await call(owner.client, route, pathFor(route), bodies[keyOf(route)]);
      expect(answer.status, `${keyOf(route)}: ${JSON.stringify(answer.body)}`).toBeLessThan(400);
    }
  });
});
