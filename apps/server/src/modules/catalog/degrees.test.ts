import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogText, type Degree } from '@retouch/shared/catalog';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { adminClient } from '../../../test/catalog-fixtures';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const listDegrees = async () => (await admin.get('/api/admin/services/degree')).body as Degree[];
let counter = 0;
/** A new degree with both titles, through the API. */
async function createDegree(): Promise<Degree> {
  counter += 1;
  const answer = await admin.post('/api/admin/services/degree', {
    title: { admin: `Степень ${counter}`, user: `Degree ${counter}` },
  });
  expect(answer.status).toBe(201);
  return answer.body as Degree;
}

describe('degrees of action', () => {
  it('creates degrees with their titles and moves the default on request', async () => {
    const created = await admin.post('/api/admin/services/degree', {
      title: { admin: ' Слабо ', user: 'Light' },
    });
    expect(created).toMatchObject({ status: 201, body: { title: { admin: 'Слабо', user: 'Light' } } });
    const first = created.body as Degree;
    const before = await listDegrees();
    expect(before.filter((d) => d.default)).toHaveLength(1);

    const list = await admin.patch(`/api/admin/services/degree/${first._id}`, {
      title: { admin: 'Сильно', user: 'Strong' },
      default: true,
    });
    expect(list.status).toBe(200);
    expect((list.body as Degree[]).filter((d) => d.default).map((d) => d._id)).toEqual([first._id]);
    expect((list.body as Degree[]).find((d) => d._id === first._id)?.title).toEqual({
      admin: 'Сильно',
      user: 'Strong',
    });
  });

  it('refuses to unset or delete the default degree', async () => {
    const current = (await listDegrees()).find((d) => d.default)!;
    expect(
      await admin.patch(`/api/admin/services/degree/${current._id}`, {
        title: current.title,
        default: false,
      }),
    ).toMatchObject({
      status: 409,
      body: { message: CatalogText.defaultDegreeUnset },
    });
    expect(await admin.delete(`/api/admin/services/degree/${current._id}`)).toMatchObject({
      status: 409,
      body: { message: CatalogText.defaultDegreeDelete },
    });
    const other = await createDegree();
    expect((await admin.delete(`/api/admin/services/degree/${other._id}`)).status).toBe(200);
    expect((await listDegrees()).some((d) => d._id === other._id)).toBe(false);
  });

  it('keeps exactly one default under 20 concurrent changes', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => createDegree()));
    const ids = created.map((degree) => degree._id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.patch(`/api/admin/services/degree/${ids[i % ids.length]}`, {
          title: { admin: `Степень ${i}`, user: `Degree ${i}` },
          default: true,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await listDegrees()).filter((d) => d.default)).toHaveLength(1);
  });

  const untitled: Array<[string, unknown]> = [
    ['no title', {}],
    ['empty titles', { title: { admin: '', user: '' } }],
    ['a blank RU title', { title: { admin: '   ', user: 'Strong' } }],
    ['a blank EN title', { title: { admin: 'Сильно', user: ' \t' } }],
    ['no EN title', { title: { admin: 'Сильно' } }],
  ];

  // Back office section 7: "POST the same path (creates an empty one)"; titles sent are kept.
  it.each([
    ['no body', undefined, { admin: '', user: '' }],
    ['no title', {}, { admin: '', user: '' }],
    ['empty titles', { title: { admin: '', user: '' } }, { admin: '', user: '' }],
    ['a blank RU title', { title: { admin: '   ', user: 'Strong' } }, { admin: '', user: 'Strong' }],
    ['no EN title', { title: { admin: 'Сильно' } }, { admin: 'Сильно', user: '' }],
  ] as Array<[string, unknown, Degree['title']]>)(
    'creates a degree from %s, with the titles sent or empty ones, not the default',
    async (_case, body, title) => {
      const before = await listDegrees();
      const answer = await admin.post('/api/admin/services/degree', body);
      expect(answer).toMatchObject({ status: 201, body: { title, default: false } });
      const created = answer.body as Degree;
      const after = await listDegrees();
      expect(after).toHaveLength(before.length + 1);
      expect(after).toContainEqual(created);
    },
  );

  it.each(untitled)(
    'refuses to rename a degree to %s, in Russian, and keeps its titles',
    async (_case, body) => {
      const degree = await createDegree();
      const answer = await admin.patch(`/api/admin/services/degree/${degree._id}`, {
        ...(body as object),
        default: degree.default,
      });
      expect(answer).toMatchObject({ status: 400, body: { message: CatalogText.degreeTitleEmpty } });
      expect((await listDegrees()).find((d) => d._id === degree._id)?.title).toEqual(degree.title);
    },
  );
});
