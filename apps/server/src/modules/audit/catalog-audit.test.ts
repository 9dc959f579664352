import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SERVICE_GROUPS } from '@retouch/shared/catalog';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import {
  adminClient,
  createGroup,
  createService,
  multipart,
  offerData,
  threeImages,
} from '../../../test/catalog-fixtures';
import { TEST_ADMIN } from '../../../test/test-config';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

/** The log of one object, newest first. */
async function logOf(type: string, id: string) {
  const page = await admin.get(`/api/admin/audit?targetType=${type}&targetId=${id}`);
  expect(page.status).toBe(200);
  return page.body.entries as Array<Record<string, unknown>>;
}

const byAdmin = { actor: { email: TEST_ADMIN.email } };

describe('catalogue and token-package changes are in the audit log with before -> after', () => {
  it('a group: created, renamed and hidden, deleted', async () => {
    const groupId = await createGroup(admin, 'Hair');
    const renamed = await admin.patch(`/api/admin/services/group/${groupId}`, {
      title: { admin: 'Волосы', user: 'Hair and beard' },
      status: false,
    });
    expect(renamed.status).toBe(200);
    expect((await admin.delete(`/api/admin/services/group/${groupId}`)).status).toBe(200);

    expect(await logOf('group', groupId)).toMatchObject([
      { ...byAdmin, action: 'delete', target: { label: 'Волосы' }, after: null },
      {
        ...byAdmin,
        action: 'update',
        before: { titleUser: 'Hair', status: true },
        after: { titleUser: 'Hair and beard', status: false },
      },
      { ...byAdmin, action: 'create', before: null, after: { titleAdmin: 'Лицо', titleUser: 'Hair' } },
    ]);
  });

  it('a service and an option: their prices and flags before -> after, their degrees too', async () => {
    const groupId = await createGroup(admin, 'Body');
    const { serviceId, service } = await createService(admin, groupId, { cost: 5 });
    await admin.post('/api/admin/services/degree', { title: { admin: 'Лёгкая', user: 'Light' } });
    const degrees = (await admin.get('/api/admin/services/degree')).body as Array<{
      _id: string;
      default: boolean;
    }>;
    const degreeId = degrees.find((degree) => degree.default)!._id;
    const edited = await admin.patch(
      `/api/admin/services/list/${serviceId}`,
      multipart({
        ...offerData({ cost: 8 }),
        embedInCanvas: false,
        allowMessage: true,
        allowAdditionalImage: false,
        multi: false,
        multiDegree: false,
        degreeAction: [degreeId],
      }),
    );
    expect(edited.status).toBe(200);
    const [updated, created] = await logOf('service', serviceId);
    expect(created).toMatchObject({ action: 'create', after: { cost: 5, titleAdmin: service.title.admin } });
    expect(updated).toMatchObject({
      ...byAdmin,
      action: 'update',
      before: { cost: 5, allowMessage: false, degreeAction: [] },
      after: { cost: 8, allowMessage: true, degreeAction: [degreeId] },
    });

    const option = await admin.post(
      `/api/admin/services/optional/${serviceId}`,
      multipart(offerData({ title: { admin: 'Блеск', user: 'Shine' }, cost: 2 }), await threeImages()),
    );
    expect(option.status).toBe(201);
    const optionEdit = await admin.patch(
      `/api/admin/services/optional/${option.body._id}`,
      multipart(offerData({ title: { admin: 'Блеск', user: 'Shine' }, cost: 3 })),
    );
    expect(optionEdit.status).toBe(200);
    expect((await admin.delete(`/api/admin/services/optional/${option.body._id}`)).status).toBe(200);
    expect(await logOf('option', option.body._id)).toMatchObject([
      { action: 'delete', target: { label: 'Блеск' }, before: { cost: 3 } },
      { action: 'update', before: { cost: 2 }, after: { cost: 3 } },
      { action: 'create', after: { cost: 2 } },
    ]);

    expect((await admin.delete(`/api/admin/services/list/${serviceId}`)).status).toBe(200);
    expect((await logOf('service', serviceId))[0]).toMatchObject({ action: 'delete', before: { cost: 8 } });
  });

  it('option templates, degrees and refusal reasons', async () => {
    const template = await admin.post(
      '/api/admin/services/optional-template',
      offerData({ title: { admin: 'Шаблон', user: 'Template' } }),
    );
    expect(template.status).toBe(201);
    await admin.patch(`/api/admin/services/optional-template/${template.body._id}`, offerData({ cost: 9 }));
    await admin.delete(`/api/admin/services/optional-template/${template.body._id}`);
    expect((await logOf('template', template.body._id)).map((entry) => entry.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);

    const degree = await admin.post('/api/admin/services/degree', {
      title: { admin: 'Сильная', user: 'Strong' },
    });
    await admin.patch(`/api/admin/services/degree/${degree.body._id}`, {
      title: { admin: 'Сильная', user: 'Strong look' },
      default: false,
    });
    await admin.delete(`/api/admin/services/degree/${degree.body._id}`);
    expect(await logOf('degree', degree.body._id)).toMatchObject([
      { action: 'delete', target: { label: 'Сильная' } },
      { action: 'update', before: { titleUser: 'Strong' }, after: { titleUser: 'Strong look' } },
      { action: 'create', after: { titleUser: 'Strong' } },
    ]);

    const reason = await admin.post('/api/admin/orders/reason', {
      title: { admin: 'Размыто', user: 'Blurred' },
    });
    await admin.patch(`/api/admin/orders/reason/${reason.body._id}`, {
      title: { admin: 'Размыто', user: 'Too blurred' },
    });
    await admin.delete(`/api/admin/orders/reason/${reason.body._id}`);
    expect(await logOf('reason', reason.body._id)).toMatchObject([
      { action: 'delete' },
      { action: 'update', before: { titleUser: 'Blurred' }, after: { titleUser: 'Too blurred' } },
      { action: 'create', target: { label: 'Размыто' } },
    ]);
  });

  it('a token package: its price before -> after', async () => {
    const body = { charge: 70, bonus: 5, cost: 7, description: '70 tokens', merchant_id: 70 };
    const created = await admin.post('/api/admin/product', body);
    expect(created.status).toBe(201);
    await admin.patch(`/api/admin/product/${created.body._id}`, { ...body, cost: 6.5 });
    await admin.delete(`/api/admin/product/${created.body._id}`);
    expect(await logOf('package', created.body._id)).toMatchObject([
      { ...byAdmin, action: 'delete', target: { label: '70 tokens' } },
      { action: 'update', before: { costCents: 700 }, after: { costCents: 650 } },
      { action: 'create', after: { charge: 70, bonus: 5, costCents: 700 } },
    ]);
  });

  it('a refused change writes nothing: the eleventh group, a missing reason', async () => {
    const before = (await admin.get('/api/admin/audit?limit=1')).body.total as number;
    const live = (await admin.get('/api/admin/services')).body.length as number;
    for (let i = live; i < MAX_SERVICE_GROUPS; i += 1) await createGroup(admin, `Group ${i}`);
    const filled = (await admin.get('/api/admin/audit?limit=1')).body.total as number;
    expect(filled).toBe(before + MAX_SERVICE_GROUPS - live);

    const refused = await admin.post('/api/admin/services/group', {
      title: { admin: 'Лишняя', user: 'Extra' },
      status: true,
    });
    expect(refused.status).toBe(409);
    const missing = await admin.patch(`/api/admin/orders/reason/${crypto.randomUUID()}`, {
      title: { admin: 'Нет', user: 'None' },
    });
    expect(missing.status).toBe(404);
    expect((await admin.get('/api/admin/audit?limit=1')).body.total).toBe(filled);
  });
});
