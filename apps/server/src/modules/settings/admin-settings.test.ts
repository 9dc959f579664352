import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RoleTitle } from '@retouch/shared/permissions';
import {
  SettingName,
  SettingsText,
  settingUpdateAnswerSchema,
  systemSettingsAnswerSchema,
} from '@retouch/shared/settings';
import { SystemSettingName, systemSettings } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { signUpCustomer } from '../../../test/fixtures';
import { createStaff } from '../../../test/staff-fixtures';

const LIST = '/api/admin/system/settings';
const OVERLOAD = '/api/admin/system/settings/order/overload';
const MINUTE = 60_000;

let t: TestApp;
let admin: TestClient;
let designer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00.000Z'));
  admin = (await createStaff(t, RoleTitle.admin))[0]!.client;
  designer = (await createStaff(t, RoleTitle.designer))[0]!.client;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db
    .update(systemSettings)
    .set({ data: null })
    .where(eq(systemSettings.name, SystemSettingName.orderOverload));
});

async function publicOverload() {
  const answer = await t.client().get('/api/system/order/overload');
  expect(answer.status).toBe(200);
  return (answer.body as { status: boolean }).status;
}

describe('GET /api/admin/system/settings', () => {
  it('lists the settings in data.data with _id, name and the date-time value', async () => {
    await admin.patch(OVERLOAD, { data: '2026-11-20T12:30:00.000+03:00' });
    const answer = await admin.get(LIST);
    expect(answer.status).toBe(200);
    const { data } = systemSettingsAnswerSchema.parse(answer.body);
    expect(data).toEqual([
      { _id: expect.any(String), name: SettingName.orderOverload, data: '2026-11-20T09:30:00.000Z' },
    ]);
  });

  it('shows an unset setting as null', async () => {
    const answer = await admin.get(LIST);
    expect(answer.body.data[0]).toMatchObject({ name: SettingName.orderOverload, data: null });
  });

  it('may be read by any staff member (showAdmin), not by a customer or a visitor', async () => {
    expect((await designer.get(LIST)).status).toBe(200);
    const { client: customer } = await signUpCustomer(t);
    expect((await customer.get(LIST)).status).toBe(403);
    expect((await t.client().get(LIST)).status).toBe(401);
  });
});

describe('PATCH /api/admin/system/settings/order/overload', () => {
  it("saves the date-time with editSite and answers the specification's notice and the setting", async () => {
    const answer = await admin.patch(OVERLOAD, { data: '2026-11-21T08:15:00+02:00' });
    expect(answer.status).toBe(200);
    expect(settingUpdateAnswerSchema.parse(answer.body)).toEqual({
      message: SettingsText.updated,
      setting: {
        _id: expect.any(String),
        name: SettingName.orderOverload,
        data: '2026-11-21T06:15:00.000Z',
      },
    });
    expect(answer.body.message).toBe('Настройка успешно обновлёна');
  });

  it('is followed at once by the public overload check, both ways', async () => {
    expect(await publicOverload()).toBe(false);
    const inTenMinutes = new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();
    expect((await admin.patch(OVERLOAD, { data: inTenMinutes })).status).toBe(200);
    expect(await publicOverload()).toBe(true);

    const aMinuteAgo = new Date(t.clock.now().getTime() - MINUTE).toISOString();
    expect((await admin.patch(OVERLOAD, { data: aMinuteAgo })).status).toBe(200);
    expect(await publicOverload()).toBe(false);
  });

  it.each([
    ['null', null],
    ['an empty string', ''],
  ])(
    'clears the date with %s: the setting reads unset and the overload notice stops',
    async (_case, data) => {
      const tomorrow = new Date(t.clock.now().getTime() + 24 * 60 * MINUTE).toISOString();
      expect((await admin.patch(OVERLOAD, { data: tomorrow })).status).toBe(200);
      expect(await publicOverload()).toBe(true);

      const answer = await admin.patch(OVERLOAD, { data });
      expect(answer.status).toBe(200);
      expect(settingUpdateAnswerSchema.parse(answer.body)).toEqual({
        message: SettingsText.updated,
        setting: { _id: expect.any(String), name: SettingName.orderOverload, data: null },
      });
      expect(await publicOverload()).toBe(false);
      expect((await admin.get(LIST)).body.data[0]).toMatchObject({
        name: SettingName.orderOverload,
        data: null,
      });
    },
  );

  it('refuses a staff member without editSite (403) and leaves the setting alone', async () => {
    const answer = await designer.patch(OVERLOAD, { data: '2030-01-01T00:00:00Z' });
    expect(answer.status).toBe(403);
    expect(await publicOverload()).toBe(false);
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await t.client().patch(OVERLOAD, { data: '2030-01-01T00:00:00Z' })).status).toBe(401);
    const { client: customer } = await signUpCustomer(t);
    expect((await customer.patch(OVERLOAD, { data: '2030-01-01T00:00:00Z' })).status).toBe(403);
    expect(await publicOverload()).toBe(false);
  });

  it.each([
    ['a word', { data: 'tomorrow' }],
    ['a date without a time', { data: '2030-01-01' }],
    ['a date-time without an offset', { data: '2030-01-01T10:00:00' }],
    ['an impossible day', { data: '2030-02-30T10:00:00Z' }],
    ['a number', { data: 1_900_000_000_000 }],
    ['blanks', { data: '   ' }],
    ['no data', {}],
  ])('answers 400 with a clear Russian message for %s', async (_case, body) => {
    const answer = await admin.patch(OVERLOAD, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(SettingsText.invalidDate);
    expect(await publicOverload()).toBe(false);
  });
});
