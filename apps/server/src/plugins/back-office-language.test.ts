import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsersText } from '@retouch/shared/admin-users';
import { RoleTitle } from '@retouch/shared/permissions';
import { AdminServerText, ServerText } from '@retouch/shared/texts';
import { PasswordText } from '@retouch/shared/users';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from '../../test/test-app';
import { newRegistration, signUpCustomer } from '../../test/fixtures';
import { adminClient, createGroup, multipart, offerData, threeImages } from '../../test/catalog-fixtures';
import { createStaff } from '../../test/staff-fixtures';

/**
 * The back office is in Russian, the customer side in English (back office section 1): every refusal
 * of a back-office route is worded in Russian, the same refusal of a customer route stays English.
 */
let t: TestApp;
let admin: TestClient;
let designer: TestClient;
let customer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  designer = (await createStaff(t, RoleTitle.designer))[0]!.client;
  customer = (await signUpCustomer(t)).client;
});
afterAll(() => t.close());

/** A Russian sentence: it opens with a Cyrillic letter. */
const RUSSIAN = /^[А-ЯЁ]/;
/** An English sentence: no Cyrillic anywhere. */
const ENGLISH = /^[^А-Яа-яЁё]+$/;

/** A back-office refusal: its status and a Russian message (that very text when given). */
function expectRussian(answer: TestResponse, status: number, text?: string) {
  expect(answer.status).toBe(status);
  expect(answer.body.message).toMatch(RUSSIAN);
  if (text !== undefined) expect(answer.body.message).toBe(text);
}

/** The customer side's refusal: its status and an English message (that very text when given). */
function expectEnglish(answer: TestResponse, status: number, text?: string) {
  expect(answer.status).toBe(status);
  expect(answer.body.message).toMatch(ENGLISH);
  if (text !== undefined) expect(answer.body.message).toBe(text);
}

/** A request whose JSON body is cut short. */
async function brokenJson(client: TestClient, path: string): Promise<TestResponse> {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader ?? '' },
    body: '{"title":',
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('refusals of back-office routes are Russian, of customer routes English', () => {
  it('a taken e-mail', async () => {
    const taken = newRegistration();
    expect((await t.client().post('/api/registration', taken)).status).toBe(201);

    expectRussian(await admin.post('/api/admin/user/registration', taken), 409, AdminUsersText.emailTaken);
    // The customer side answers a taken e-mail like a new one (issue 35): its refusal is an English one.
    expectEnglish(
      await t.client().post('/api/registration', { ...taken, password: 'abcdef' }),
      400,
      PasswordText.run,
    );
  });

  it('no session, and a session without the right', async () => {
    expectRussian(await t.client().get('/api/admin/users'), 401, AdminServerText.notAuthenticated);
    expectRussian(await customer.get('/api/admin/users'), 403, AdminServerText.forbidden);
    expectRussian(await designer.get('/api/admin/users'), 403, AdminServerText.forbidden);
    expectRussian(await t.client().get('/api/analytics/user'), 401, AdminServerText.notAuthenticated);
    // The designer's shift calls sit outside /api/admin but belong to the back office too.
    expectRussian(await t.client().post('/api/executor/shift/toggle'), 401, AdminServerText.notAuthenticated);

    expectEnglish(await t.client().get('/api/user/info'), 401, ServerText.notAuthenticated);
  });

  it('something that is not there', async () => {
    expectRussian(await admin.get('/api/admin/no-such-screen'), 404, AdminServerText.notFound);
    const nobody = `/api/admin/user/change/info/${randomUUID()}`;
    expectRussian(await admin.patch(nobody, { name: { giveName: 'Анна', familyName: 'Ли' } }), 404);

    expectEnglish(await customer.get('/api/no-such-thing'), 404, ServerText.notFound);
  });

  it("a value the shared schema refuses in zod's own words", async () => {
    expectRussian(await admin.get('/api/admin/users?limit=0'), 400);
    expectRussian(await admin.get('/api/admin/orders/?sortByDate=sideways'), 400);
    expectRussian(await designer.get('/api/analytics/user?startDate=soon&endDate=later'), 400);
    expectRussian(await admin.post('/api/admin/permissions/role', { title: 42 }), 400);

    expectEnglish(await customer.get('/api/orders/user/?limit=0'), 400);
  });

  it('a text carrying a NUL character', async () => {
    expectRussian(await admin.post('/api/admin/permissions/role', { title: 'Роль\u0000' }), 400);

    const registration = { ...newRegistration(), name: { giveName: 'Ann\u0000', familyName: 'Lee' } };
    expectEnglish(await t.client().post('/api/registration', registration), 400);
  });

  it('a body that is not JSON', async () => {
    expectRussian(
      await brokenJson(admin, '/api/admin/permissions/role'),
      400,
      AdminServerText.invalidRequest,
    );
    expectEnglish(await brokenJson(t.client(), '/api/login'), 400);
  });

  it('a path that is not a valid URL', async () => {
    expectRussian(
      await admin.delete('/api/admin/orders/reason/%E0%A4%A'),
      400,
      AdminServerText.invalidRequest,
    );
    expectEnglish(await customer.get('/api/orders/order/%E0%A4%A'), 400);
  });

  it('a form without its data part, and a file that is not an image', async () => {
    const groupId = await createGroup(admin);
    const withoutData = new FormData();
    withoutData.append('status', 'true');
    expectRussian(await admin.post(`/api/admin/services/list/${groupId}`, withoutData), 400);

    const images = await threeImages();
    images.after = { data: Buffer.from('GIF89a but not really'), name: 'after.gif', type: 'image/gif' };
    const notAnImage = await admin.post(
      `/api/admin/services/list/${groupId}`,
      multipart(offerData(), images),
    );
    expectRussian(notAnImage, 400, AdminServerText.imageInvalid);
  });
});
