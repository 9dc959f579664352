import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  CatalogText,
  MAX_SERVICE_GROUPS,
  type AdminGroup,
  type PublicGroup,
  type RefusalReason,
} from '@retouch/shared/catalog';
import { AdminServerText } from '@retouch/shared/texts';
import { services } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { logIn, signUpCustomer } from '../../../test/fixtures';
import { TEST_DEMO_PASSWORD } from '../../../test/test-config';
import { DEMO_EMAILS } from '../../seed';
import {
  adminClient,
  createGroup,
  createService,
  multipart,
  offerData,
  threeImages,
} from '../../../test/catalog-fixtures';

let t: TestApp;
let admin: TestClient;
let sharedGroupId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  sharedGroupId = await createGroup(admin);
});
const serviceInSharedGroup = () => createService(admin, sharedGroupId);
afterAll(() => t.close());

const serviceData = (service: Record<string, unknown>, changes: Record<string, unknown> = {}) => ({
  title: service.title,
  description: service.description,
  instruction: service.instruction,
  cost: service.cost,
  designerPrice: service.designerPrice,
  executionTime: service.executionTime,
  status: service.status,
  embedInCanvas: false,
  allowMessage: false,
  allowAdditionalImage: false,
  multi: false,
  multiDegree: false,
  degreeAction: [],
  ...changes,
});

describe('catalogue permissions', () => {
  it('answers 401 to a visitor and 403 to a customer or a designer on every admin call', async () => {
    const { client: customer } = await signUpCustomer(t);
    const designer = await logIn(t, DEMO_EMAILS.designer, TEST_DEMO_PASSWORD);
    const id = '7c1e9f7e-5b7a-4c39-9d6e-2f1f7a4b9a11';
    const calls: Array<[string, string]> = [
      ['GET', '/api/admin/services'],
      ['POST', '/api/admin/services/group'],
      ['PATCH', `/api/admin/services/group/${id}`],
      ['DELETE', `/api/admin/services/group/${id}`],
      ['POST', `/api/admin/services/list/${id}`],
      ['PATCH', `/api/admin/services/list/${id}`],
      ['DELETE', `/api/admin/services/list/${id}`],
      ['POST', `/api/admin/services/optional/${id}`],
      ['PATCH', `/api/admin/services/optional/${id}`],
      ['DELETE', `/api/admin/services/optional/${id}`],
      ['GET', '/api/admin/services/optional-template'],
      ['GET', '/api/admin/services/degree'],
      ['POST', '/api/admin/services/degree'],
      ['PATCH', `/api/admin/services/degree/${id}`],
      ['DELETE', `/api/admin/services/degree/${id}`],
      ['POST', '/api/admin/orders/reason'],
      ['PATCH', `/api/admin/orders/reason/${id}`],
      ['DELETE', `/api/admin/orders/reason/${id}`],
    ];
    for (const [method, url] of calls) {
      expect((await t.client().request(method, url, {})).status, `${method} ${url}`).toBe(401);
      expect((await customer.request(method, url, {})).status, `${method} ${url}`).toBe(403);
      expect((await designer.request(method, url, {})).status, `${method} ${url}`).toBe(403);
    }
  });
});

describe('service groups', () => {
  it('creates, renames, switches and deletes a group', async () => {
    const created = await admin.post('/api/admin/services/group', {
      title: { admin: 'Тело', user: 'Body' },
      status: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _id: expect.any(String),
      title: { admin: 'Тело', user: 'Body' },
      status: false,
      list: [],
    });

    const updated = await admin.patch(`/api/admin/services/group/${created.body._id}`, {
      title: { admin: 'Фигура', user: 'Figure' },
      status: true,
    });
    expect(updated.body).toMatchObject({ title: { admin: 'Фигура', user: 'Figure' }, status: true });

    expect((await admin.delete(`/api/admin/services/group/${created.body._id}`)).status).toBe(200);
    const list = (await admin.get('/api/admin/services')).body as AdminGroup[];
    expect(list.some((group) => group._id === created.body._id)).toBe(false);
    expect((await admin.delete(`/api/admin/services/group/${created.body._id}`)).status).toBe(404);
  });

  it('refuses a group without a Russian name, and an edit that empties either title', async () => {
    const answer = await admin.post('/api/admin/services/group', {
      title: { admin: '  ', user: 'Face' },
      status: true,
    });
    expect(answer).toMatchObject({ status: 400, body: { message: CatalogText.nameEmpty } });
    const created = await admin.post('/api/admin/services/group', {
      title: { admin: 'Лицо', user: '' },
      status: true,
    });
    expect(created.status).toBe(201);
    const emptied = await admin.patch(`/api/admin/services/group/${created.body._id}`, {
      title: { admin: 'Лицо', user: '' },
      status: true,
    });
    expect(emptied).toMatchObject({ status: 400, body: { message: CatalogText.nameEmpty } });
    await admin.delete(`/api/admin/services/group/${created.body._id}`);
  });

  it('never holds more than ten groups, even when they are created at once', async () => {
    const existing = ((await admin.get('/api/admin/services')).body as AdminGroup[]).length;
    const attempts = MAX_SERVICE_GROUPS - existing + 3;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        admin.post('/api/admin/services/group', {
          title: { admin: `Группа ${i}`, user: `Group ${i}` },
          status: false,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_SERVICE_GROUPS - existing);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
      Array(3).fill(CatalogText.tooManyGroups),
    );
    expect(((await admin.get('/api/admin/services')).body as AdminGroup[]).length).toBe(MAX_SERVICE_GROUPS);
    // Leave room for the other tests of this file.
    for (const answer of answers.filter((a) => a.status === 201)) {
      await admin.delete(`/api/admin/services/group/${answer.body._id}`);
    }
  });
});

describe('services', () => {
  it('creates a service with three images stored web-sized, with a thumbnail and no EXIF', async () => {
    const groupId = await createGroup(admin, 'Pictures');
    const { service } = await createService(admin, groupId);
    expect(service).toMatchObject({
      title: { admin: 'Ретушь кожи', user: 'Skin retouch' },
      cost: 5,
      designerPrice: 2,
      executionTime: 15,
      status: true,
      degreeAction: [],
      optional: [],
    });
    expect(service.list.map((s: { _id: string }) => s._id)).toEqual([service._id]);
    const main = await sharp(
      Buffer.from(await (await fetch(`${t.baseUrl}${service.picture}`)).arrayBuffer()),
    ).metadata();
    expect(main).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(main.exif).toBeUndefined();
    const thumb = await sharp(
      Buffer.from(await (await fetch(`${t.baseUrl}${service.pictureThumb}`)).arrayBuffer()),
    ).metadata();
    expect(thumb).toMatchObject({ width: 400 });
    for (const path of [service.pictureBefore, service.pictureAfter]) {
      expect((await fetch(`${t.baseUrl}${path}`)).status).toBe(200);
    }
    expect(
      ((await admin.get('/api/admin/services')).body as AdminGroup[]).find((g) => g._id === groupId)?.list,
    ).toHaveLength(1);
  });

  it.each([
    [{ title: { admin: '', user: 'Skin' } }, CatalogText.nameEmpty],
    [{ title: { admin: 'Кожа', user: ' ' } }, CatalogText.nameEmpty],
    [{ description: { admin: 'Описание', user: '' } }, CatalogText.descriptionEmpty],
    [{ instruction: '' }, CatalogText.instructionEmpty],
    [{ cost: 0 }, CatalogText.numberMin],
    [{ designerPrice: -1 }, CatalogText.numberMin],
    [{ executionTime: 0 }, CatalogText.numberMin],
    [{ cost: 'abc' }, CatalogText.numberInvalid],
  ])('refuses %o with its text', async (change, message) => {
    const answer = await admin.post(
      `/api/admin/services/list/${sharedGroupId}`,
      multipart({ ...offerData(), ...change }, await threeImages()),
    );
    expect(answer).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses to create a service without all three images', async () => {
    const { image, before } = await threeImages();
    const answer = await admin.post(
      `/api/admin/services/list/${sharedGroupId}`,
      multipart(offerData(), { image, before } as never),
    );
    expect(answer).toMatchObject({ status: 400, body: { message: CatalogText.serviceImagesMissing } });
  });

  it('refuses a file that is not an image and stores nothing', async () => {
    const groupId = await createGroup(admin, 'Bad files');
    const images = await threeImages();
    images.after = { data: Buffer.from('GIF89a but not really'), name: 'after.gif', type: 'image/gif' };
    const answer = await admin.post(`/api/admin/services/list/${groupId}`, multipart(offerData(), images));
    expect(answer).toMatchObject({ status: 400, body: { message: AdminServerText.imageInvalid } });
    expect(
      ((await admin.get('/api/admin/services')).body as AdminGroup[]).find((g) => g._id === groupId)?.list,
    ).toHaveLength(0);
  });

  it('edits every field, keeps the pictures when none are sent, and replaces one that is', async () => {
    const { service } = await serviceInSharedGroup();
    const changed = serviceData(service, {
      title: { admin: 'Новое', user: 'New' },
      cost: 9,
      embedInCanvas: true,
      allowMessage: true,
      allowAdditionalImage: true,
      multi: true,
      multiDegree: true,
    });
    const answer = await admin.patch(`/api/admin/services/list/${service._id}`, multipart(changed));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ...changed,
      picture: service.picture,
      pictureBefore: service.pictureBefore,
    });

    const { before } = await threeImages();
    const withImage = await admin.patch(
      `/api/admin/services/list/${service._id}`,
      multipart(changed, { before } as never),
    );
    expect(withImage.body.pictureBefore).not.toBe(service.pictureBefore);
    expect(withImage.body.picture).toBe(service.picture);
  });

  it('soft-deletes a service: gone from both catalogues, its row kept for order history', async () => {
    const { service } = await serviceInSharedGroup();
    expect((await admin.delete(`/api/admin/services/list/${service._id}`)).status).toBe(200);
    const publicCatalog = (await t.client().get('/api/services')).body as PublicGroup[];
    expect(JSON.stringify(publicCatalog)).not.toContain(service._id);
    expect(JSON.stringify((await admin.get('/api/admin/services')).body)).not.toContain(service._id);
    const [row] = await t.db.select().from(services).where(eq(services.id, service._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(
      (await admin.patch(`/api/admin/services/list/${service._id}`, multipart(serviceData(service)))).status,
    ).toBe(404);
  });
});

describe('degrees on a service', () => {
  it('keeps the default degree on a service once it has degrees', async () => {
    const { service } = await serviceInSharedGroup();
    await admin.post('/api/admin/services/degree');
    await admin.post('/api/admin/services/degree');
    const degrees = (await admin.get('/api/admin/services/degree')).body as Array<{
      _id: string;
      default: boolean;
    }>;
    const defaultId = degrees.find((d) => d.default)!._id;
    const other = degrees.find((d) => !d.default)!._id;

    const withoutDefault = await admin.patch(
      `/api/admin/services/list/${service._id}`,
      multipart(serviceData(service, { degreeAction: [other] })),
    );
    expect(withoutDefault).toMatchObject({
      status: 400,
      body: { message: CatalogText.defaultDegreeRemoved },
    });

    const both = await admin.patch(
      `/api/admin/services/list/${service._id}`,
      multipart(serviceData(service, { degreeAction: [defaultId, other] })),
    );
    expect(both.body.degreeAction).toEqual([defaultId, other]);

    const removed = await admin.patch(
      `/api/admin/services/list/${service._id}`,
      multipart(serviceData(service, { degreeAction: [] })),
    );
    expect(removed).toMatchObject({ status: 400, body: { message: CatalogText.defaultDegreeRemoved } });

    const unknown = await admin.patch(
      `/api/admin/services/list/${service._id}`,
      multipart(serviceData(service, { degreeAction: [defaultId, '7c1e9f7e-5b7a-4c39-9d6e-2f1f7a4b9a11'] })),
    );
    expect(unknown).toMatchObject({ status: 400, body: { message: CatalogText.degreeUnknown } });
  });
});

describe('options and templates', () => {
  it('adds, edits, switches and deletes an option', async () => {
    const { serviceId } = await serviceInSharedGroup();
    const created = await admin.post(
      `/api/admin/services/optional/${serviceId}`,
      multipart(offerData({ title: { admin: 'Глаза', user: 'Eyes' } }), await threeImages()),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: { admin: 'Глаза', user: 'Eyes' },
      optional: [{ _id: created.body._id }],
    });

    const off = await admin.patch(
      `/api/admin/services/optional/${created.body._id}`,
      multipart(offerData({ title: { admin: 'Глаза', user: 'Eyes' }, status: false })),
    );
    expect(off.body).toMatchObject({ status: false, picture: created.body.picture });

    expect((await admin.delete(`/api/admin/services/optional/${created.body._id}`)).status).toBe(200);
    const groups = (await admin.get('/api/admin/services')).body as AdminGroup[];
    expect(groups.flatMap((g) => g.list).find((s) => s._id === serviceId)?.optional).toEqual([]);
  });

  it('refuses an option without its three images', async () => {
    const { serviceId } = await serviceInSharedGroup();
    const answer = await admin.post(`/api/admin/services/optional/${serviceId}`, multipart(offerData()));
    expect(answer).toMatchObject({ status: 400, body: { message: CatalogText.optionImagesMissing } });
  });

  it('keeps option templates', async () => {
    const { status: _status, ...template } = offerData({ title: { admin: 'Шаблон', user: 'Template' } });
    const created = await admin.post('/api/admin/services/optional-template', template);
    expect(created).toMatchObject({ status: 201, body: { ...template, _id: expect.any(String) } });
    const renamed = await admin.patch(`/api/admin/services/optional-template/${created.body._id}`, {
      ...template,
      cost: 7,
    });
    expect(renamed.body.cost).toBe(7);
    expect(
      (await admin.post('/api/admin/services/optional-template', { ...template, instruction: '' })).body
        .message,
    ).toBe(CatalogText.instructionEmpty);
    expect((await admin.delete(`/api/admin/services/optional-template/${created.body._id}`)).status).toBe(
      200,
    );
    const list = (await admin.get('/api/admin/services/optional-template')).body as Array<{ _id: string }>;
    expect(list.some((item) => item._id === created.body._id)).toBe(false);
  });
});

describe('GET /api/services', () => {
  // Customer side section 3: a group has title{admin,user}; a service (an option too) title{admin,user},
  // description{admin,user}, instruction, status. The designer's pay stays staff information.
  it("shows active groups, services and options only, with the customer side's fields, without designer pay", async () => {
    const groupId = await createGroup(admin, 'Visible');
    const { serviceId } = await createService(admin, groupId);
    const option = await admin.post(
      `/api/admin/services/optional/${serviceId}`,
      multipart(
        offerData({ title: { admin: 'Глаза', user: 'Eyes' }, instruction: 'Brighten the eyes' }),
        await threeImages(),
      ),
    );
    const hidden = await admin.post(
      `/api/admin/services/list/${groupId}`,
      multipart(offerData({ status: false }), await threeImages()),
    );

    const catalog = (await t.client().get('/api/services')).body as PublicGroup[];
    const group = catalog.find((g) => g._id === groupId)!;
    expect(group).toMatchObject({ title: { admin: 'Лицо', user: 'Visible' }, status: true });
    expect(group.list.map((s) => s._id)).toEqual([serviceId]);
    expect(group.list[0]).toMatchObject({
      title: { admin: 'Ретушь кожи', user: 'Skin retouch' },
      description: { admin: 'Убираем дефекты кожи', user: 'We remove skin blemishes' },
      instruction: 'Remove blemishes, keep the texture',
      status: true,
      cost: 5,
    });
    expect(group.list[0]!.optional).toEqual([
      expect.objectContaining({
        _id: option.body._id,
        title: { admin: 'Глаза', user: 'Eyes' },
        description: { admin: 'Убираем дефекты кожи', user: 'We remove skin blemishes' },
        instruction: 'Brighten the eyes',
        status: true,
      }),
    ]);
    const text = JSON.stringify(catalog);
    expect(text).not.toContain('designerPrice');
    expect(text).not.toContain(hidden.body._id);
  });

  it('answers 304 to a matching ETag and a new answer after every catalogue change', async () => {
    const first = await t.client().get('/api/services');
    const etag = first.headers.get('etag')!;
    const revalidated = await fetch(`${t.baseUrl}/api/services`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);

    const groupId = await createGroup(admin, 'Fresh');
    const changed = await fetch(`${t.baseUrl}/api/services`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(await changed.json())).toContain(groupId);

    await admin.patch(`/api/admin/services/group/${groupId}`, {
      title: { admin: 'Лицо', user: 'Face' },
      status: false,
    });
    expect(JSON.stringify((await t.client().get('/api/services')).body)).not.toContain(groupId);
  });
});

describe('GET /api/admin/services/titles', () => {
  it('gives a designer, who may not edit the catalogue, its Russian titles; a customer gets 403', async () => {
    const { serviceId } = await serviceInSharedGroup();
    const designer = await logIn(t, DEMO_EMAILS.designer, TEST_DEMO_PASSWORD);
    expect((await designer.get('/api/admin/services')).status).toBe(403);
    const titles = await designer.get('/api/admin/services/titles');
    expect(titles.status).toBe(200);
    expect(titles.body).toMatchObject({ [sharedGroupId]: 'Лицо', [serviceId]: 'Ретушь кожи' });
    const { client: customer } = await signUpCustomer(t);
    expect((await customer.get('/api/admin/services/titles')).status).toBe(403);
  });
});

describe('refusal reasons', () => {
  const publicReasons = async () => (await t.client().get('/api/orders/reason')).body as RefusalReason[];

  it('are created with both titles, edited, listed publicly and deleted', async () => {
    const created = await admin.post('/api/admin/orders/reason', {
      title: { admin: ' Размытое фото ', user: 'Blurry photo' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { title: { admin: 'Размытое фото', user: 'Blurry photo' } },
    });
    const edited = await admin.patch(`/api/admin/orders/reason/${created.body._id}`, {
      title: { admin: 'Плохое качество фото', user: 'The photo quality is too low' },
    });
    expect(edited.body.title.user).toBe('The photo quality is too low');
    const list = await publicReasons();
    expect(list.find((r) => r._id === created.body._id)?.title.user).toBe('The photo quality is too low');
    expect((await admin.delete(`/api/admin/orders/reason/${created.body._id}`)).status).toBe(200);
    expect((await publicReasons()).some((r) => r._id === created.body._id)).toBe(false);
    expect(
      (await admin.patch(`/api/admin/orders/reason/not-a-uuid`, { title: { admin: 'a', user: 'b' } })).status,
    ).toBe(404);
  });

  // Back office section 7: "POST /api/admin/orders/reason, body title.admin and title.user (empty on create)".
  it.each([
    ['no body', undefined, { admin: '', user: '' }],
    ['no title', {}, { admin: '', user: '' }],
    ['empty titles', { title: { admin: '', user: '' } }, { admin: '', user: '' }],
    [
      'a blank RU title',
      { title: { admin: '   ', user: 'Blurry photo' } },
      { admin: '', user: 'Blurry photo' },
    ],
    ['no EN title', { title: { admin: 'Размытое фото' } }, { admin: 'Размытое фото', user: '' }],
  ] as Array<[string, unknown, RefusalReason['title']]>)(
    'are created from %s, with the titles sent or empty ones, and listed for the editor',
    async (_case, body, title) => {
      const answer = await admin.post('/api/admin/orders/reason', body);
      expect(answer).toMatchObject({ status: 201, body: { title } });
      expect(await publicReasons()).toContainEqual(answer.body);
    },
  );

  const untitled: Array<[string, unknown]> = [
    ['no body', undefined],
    ['no title', {}],
    ['empty titles', { title: { admin: '', user: '' } }],
    ['a blank RU title', { title: { admin: '   ', user: 'Blurry photo' } }],
    ['a blank EN title', { title: { admin: 'Размытое фото', user: ' \t' } }],
    ['no EN title', { title: { admin: 'Размытое фото' } }],
  ];

  it.each(untitled)('keep their titles when an edit sends %s', async (_case, body) => {
    const title = { admin: 'Нет лица на фото', user: 'No face in the photo' };
    const { _id } = (await admin.post('/api/admin/orders/reason', { title })).body as RefusalReason;
    expect(await admin.patch(`/api/admin/orders/reason/${_id}`, body)).toMatchObject({
      status: 400,
      body: { message: CatalogText.reasonTitleEmpty },
    });
    expect((await publicReasons()).find((reason) => reason._id === _id)?.title).toEqual(title);
  });
});
