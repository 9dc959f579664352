import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_SIGNS, PermissionSign, type PermissionSignValue } from '@retouch/shared/permissions';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-app';
import { signUpCustomer } from '../../test/fixtures';
import { createStaff } from '../../test/staff-fixtures';
import { insertRole } from '../modules/permissions/permissions.repository';
import type { GuardedRoute } from './auth';

/**
 * The back office's authorisation, proved from the server's own route table: every /api/admin and
 * /api/analytics route refuses a visitor (401), a customer (403) and staff holding every sign but its
 * own (403), and lets through staff holding only showAdmin and its sign.
 */
let t: TestApp;
let routes: GuardedRoute[];
let customer: TestClient;
/** Per sign: staff with showAdmin and that sign only, and staff with every sign but that one. */
const withOnly = new Map<PermissionSignValue, TestClient>();
const withAllBut = new Map<PermissionSignValue, TestClient>();

async function staffWith(title: string, signs: readonly PermissionSignValue[]) {
  await insertRole(t.db, title, signs, false);
  const [member] = await createStaff(t, title);
  return member!.client;
}

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.guardedRoutes;
  customer = (await signUpCustomer(t)).client;
  for (const sign of ALL_PERMISSION_SIGNS) {
    withOnly.set(sign, await staffWith(`Only ${sign}`, [PermissionSign.showAdmin, sign]));
    withAllBut.set(
      sign,
      await staffWith(
        `All but ${sign}`,
        ALL_PERMISSION_SIGNS.filter((other) => other !== sign),
      ),
    );
  }
});
afterAll(() => t.close());

/** A concrete path: every parameter a fresh id. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

function call(client: TestClient, route: GuardedRoute) {
  const path = pathOf(route.url);
  switch (route.method) {
    case 'GET':
      return client.get(path);
    case 'DELETE':
      return client.delete(path);
    case 'POST':
      return client.post(path, {});
    case 'PATCH':
      return client.patch(path, {});
    default:
      throw new Error(`no call for ${route.method} ${route.url}`);
  }
}

describe('the staff route table', () => {
  it('holds every back-office and analytics route, each with its sign', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/admin/permissions/user/:userId',
      permission: PermissionSign.editUsers,
    });
    // The one /api/admin call the customer side makes too (customer side section 7): a session is enough.
    expect(routes.map((route) => route.url)).not.toContain('/api/admin/permissions/user');
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/analytics/user/:userId',
      permission: PermissionSign.lookUsers,
    });
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/admin/dashboard',
      permission: PermissionSign.lookOrders,
    });
    // The CSV exports need the sign of the list they export.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/admin/orders/export', permission: PermissionSign.lookOrders },
        { method: 'GET', url: '/api/admin/users/export', permission: PermissionSign.lookUsers },
        { method: 'GET', url: '/api/admin/analytics/export', permission: PermissionSign.cabinetDesigner },
        { method: 'GET', url: '/api/admin/analytics/export/:userId', permission: PermissionSign.lookUsers },
      ]),
    );
    expect(routes.every((route) => /^\/api\/(admin|analytics)\//.test(route.url))).toBe(true);
  });

  it('refuses visitors with 401 and customers with 403 on every route', async () => {
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      expect((await call(t.client(), route)).status, name).toBe(401);
      expect((await call(customer, route)).status, name).toBe(403);
    }
  });

  it("refuses staff holding every sign but the route's own, and lets its holders through", async () => {
    for (const route of routes) {
      const name = `${route.method} ${route.url} (sign ${route.permission})`;
      expect((await call(withAllBut.get(route.permission)!, route)).status, name).toBe(403);
      const allowed = await call(withOnly.get(route.permission)!, route);
      // Past the guard: the route's own answer (found, invalid input, conflict…), never a refusal or a crash.
      expect([401, 403], name).not.toContain(allowed.status);
      expect(allowed.status, `${name}: ${JSON.stringify(allowed.body)}`).toBeLessThan(500);
    }
  });
});
