import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminServerText } from '@retouch/shared/texts';
import { AdminPasswordText, PasswordText, type PasswordWeakness } from '@retouch/shared/users';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { newRegistration, signUpCustomer } from '../../../test/fixtures';
import { adminClient } from '../../../test/catalog-fixtures';
import { waitForState } from '../../../test/limits';

/**
 * A new password made of one repeated character, a run like `abcdef`, or containing the product's name is
 * refused (issue 35, item 7) wherever a password is set: registration, password change, password reset,
 * and an administrator's new or changed account; so is one of the most common passwords.
 */

const WEAK: Array<[string, PasswordWeakness]> = [
  ['aaaaaa', 'oneCharacter'],
  ['      ', 'oneCharacter'],
  ['ZZZZZZZZZZ', 'oneCharacter'],
  ['abcdef', 'run'],
  ['ABCDEFG', 'run'],
  ['123456', 'run'],
  ['567890', 'run'],
  ['fedcba', 'run'],
  ['987654321', 'run'],
  ['retouch', 'productName'],
  ['My-ReTouch-2024', 'productName'],
];

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

describe('weak passwords', () => {
  it.each(WEAK)('refuses %j at registration and creates no account', async (password, weakness) => {
    const body = newRegistration({ password });
    const answer = await t.client().post('/api/registration', body);
    expect(answer).toMatchObject({ status: 400, body: { message: PasswordText[weakness] } });
    expect(await t.outbox()).not.toContainEqual(expect.objectContaining({ to: body.email }));
  });

  it.each(WEAK)('refuses %j at a password change and keeps the old one', async (password, weakness) => {
    const { client, credentials } = await signUpCustomer(t);
    const answer = await client.patch('/api/user/change/password', {
      oldPassword: credentials.password,
      password,
    });
    expect(answer).toMatchObject({ status: 400, body: { message: PasswordText[weakness] } });
    expect((await t.client().post('/api/login', credentials)).status).toBe(200);
  });

  it('refuses each at a password reset and keeps the link usable', async () => {
    const { credentials } = await signUpCustomer(t);
    await t.client().post('/api/password/forgot', { email: credentials.email });
    const mail = await waitForState(async () => {
      const found = (await t.outbox()).find((m) => m.to === credentials.email && m.text.includes('reset'));
      expect(found).toBeDefined();
      return found!;
    });
    const token = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)![0]).searchParams.get(
      'token',
    );
    for (const [password, weakness] of WEAK) {
      const refused = await t.client().post('/api/password/reset', { token, password });
      expect(refused).toMatchObject({ status: 400, body: { message: PasswordText[weakness] } });
    }
    expect((await t.client().post('/api/password/reset', { token, password: 'g7-kwz-lp' })).status).toBe(200);
  });

  it('refuses each in the back office, in Russian, for a new account and a changed one', async () => {
    const { user } = await signUpCustomer(t);
    for (const [password, weakness] of WEAK) {
      const created = await admin.post('/api/admin/user/registration', {
        ...newRegistration({ password }),
        name: { giveName: 'Олег', familyName: 'Ли' },
      });
      expect(created).toMatchObject({ status: 400, body: { message: AdminPasswordText[weakness] } });
      const changed = await admin.patch(`/api/admin/user/change/info/${user._id}`, { password });
      expect(changed).toMatchObject({ status: 400, body: { message: AdminPasswordText[weakness] } });
    }
  });

  it('refuses one of the most common passwords in the back office too, in Russian', async () => {
    const { user } = await signUpCustomer(t);
    const created = await admin.post('/api/admin/user/registration', {
      ...newRegistration({ password: 'iloveyou' }),
      name: { giveName: 'Олег', familyName: 'Ли' },
    });
    expect(created).toMatchObject({ status: 400, body: { message: AdminServerText.passwordTooCommon } });
    const changed = await admin.patch(`/api/admin/user/change/info/${user._id}`, { password: 'Football' });
    expect(changed).toMatchObject({ status: 400, body: { message: AdminServerText.passwordTooCommon } });
  });

  it.each(['g7-kwz', 'abcdeg', 'aaaaab', 'retouc'])('accepts %j', async (password) => {
    expect((await t.client().post('/api/registration', newRegistration({ password }))).status).toBe(201);
  });
});
