import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerText } from '@retouch/shared/texts';
import { buildApp } from '../app';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app';
import { TEST_ADMIN, TEST_DEMO_PASSWORD, testConfig } from '../../test/test-config';
import { logIn, signUpCustomer } from '../../test/fixtures';
import { DEMO_EMAILS } from '../seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the admin permission guard', () => {
  it('answers 401 to a visitor and 403 to a customer', async () => {
    const { client } = await signUpCustomer(t);
    expect(await t.client().get('/api/admin/permissions/user')).toMatchObject({
      status: 401,
      body: { message: ServerText.notAuthenticated },
    });
    expect(await client.get('/api/admin/permissions/user')).toMatchObject({
      status: 403,
      body: { message: ServerText.forbidden },
    });
  });

  it('lists the nine signs with their status for each seeded role', async () => {
    const signsOn = async (email: string, password: string) => {
      const answer = await (await logIn(t, email, password)).get('/api/admin/permissions/user');
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(9);
      return (answer.body as Array<{ sign: number; status: boolean }>)
        .filter((p) => p.status)
        .map((p) => p.sign);
    };
    expect(await signsOn(TEST_ADMIN.email, TEST_ADMIN.password)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await signsOn(DEMO_EMAILS.designer, TEST_DEMO_PASSWORD)).toEqual([0, 5]);
    expect(await signsOn(DEMO_EMAILS.moderator, TEST_DEMO_PASSWORD)).toEqual([0, 5, 6]);
  });

  it('marks staff as admin in the login answer', async () => {
    const admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.get('/api/user/info')).body).toMatchObject({
      role: { title: 'Admin' },
      isAdmin: true,
    });
    expect((await admin.get('/api/auth/check')).body).toEqual({
      loggedIn: true,
      isAdmin: true,
      role: 'Admin',
    });
  });

  it('refuses to register an /api/admin route that declares no permission', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database });
    try {
      expect(() => app.get('/api/admin/forgotten', async () => ({}))).toThrow(/must declare the permission/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
