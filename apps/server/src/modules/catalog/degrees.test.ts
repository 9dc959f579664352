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

describe('degrees of action', () => {
  it('creates empty degrees and moves the default on request', async () => {
    const first = (await admin.post('/api/admin/services/degree')).body as Degree;
    expect(first.title).toEqual({ admin: '', user: '' });
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
    const other = (await admin.post('/api/admin/services/degree')).body as Degree;
    expect((await admin.delete(`/api/admin/services/degree/${other._id}`)).status).toBe(200);
    expect((await listDegrees()).some((d) => d._id === other._id)).toBe(false);
  });

  it('keeps exactly one default under 20 concurrent changes', async () => {
    const created = await Promise.all(
      Array.from({ length: 5 }, () => admin.post('/api/admin/services/degree')),
    );
    const ids = created.map((answer) => answer.body._id as string);
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
});
