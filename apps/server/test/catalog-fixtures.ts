import sharp from 'sharp';
import type { OfferData } from '@retouch/shared/catalog';
import { imageForm, jpegWithExif, logIn } from './fixtures';
import type { TestApp, TestClient } from './test-app';
import { TEST_ADMIN } from './test-config';

export async function pngOf(width: number, height: number, r = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 200 } } })
    .png()
    .toBuffer();
}

/** The three images a service or option needs, the main one a large JPEG carrying EXIF. */
export async function threeImages() {
  return {
    image: { data: await jpegWithExif(2400, 1600), name: 'main.jpg', type: 'image/jpeg' },
    before: { data: await pngOf(300, 200, 10), name: 'before.png', type: 'image/png' },
    after: { data: await pngOf(300, 200, 250), name: 'after.png', type: 'image/png' },
  };
}

export function offerData(overrides: Partial<OfferData> = {}): OfferData {
  return {
    title: { admin: 'Ретушь кожи', user: 'Skin retouch' },
    description: { admin: 'Убираем дефекты кожи', user: 'We remove skin blemishes' },
    instruction: 'Remove blemishes, keep the texture',
    cost: 5,
    designerPrice: 2,
    executionTime: 15,
    status: true,
    ...overrides,
  };
}

export function multipart(
  data: unknown,
  files: Awaited<ReturnType<typeof threeImages>> | Record<string, never> = {},
) {
  return imageForm({ data: JSON.stringify(data) }, files);
}

export async function adminClient(t: TestApp): Promise<TestClient> {
  return logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
}

/** Creates an active group through the API; returns its id. */
export async function createGroup(admin: TestClient, user = 'Face'): Promise<string> {
  const group = await admin.post('/api/admin/services/group', {
    title: { admin: 'Лицо', user },
    status: true,
  });
  if (group.status !== 201) throw new Error(`group not created: ${JSON.stringify(group.body)}`);
  return group.body._id as string;
}

/** Creates a service with three images in the group through the API. */
export async function createService(admin: TestClient, groupId: string, data: Partial<OfferData> = {}) {
  const service = await admin.post(
    `/api/admin/services/list/${groupId}`,
    multipart(offerData(data), await threeImages()),
  );
  if (service.status !== 201) throw new Error(`service not created: ${JSON.stringify(service.body)}`);
  return { groupId, serviceId: service.body._id as string, service: service.body };
}
