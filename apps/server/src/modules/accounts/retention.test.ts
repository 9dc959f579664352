import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { orderProcessing, orders, users } from '../../db/schema/index';
import { publicFilePath, storageKeyFromPath } from '../../storage/storage';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adjustBalance, logIn, signUpCustomer } from '../../../test/fixtures';
import { TEST_ADMIN } from '../../../test/test-config';
import { catalogServices, placeOrder } from '../../../test/staff-fixtures';
import { expireOldPictures } from './picture-retention';

const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let serviceId: string;
let reviewerId: string;
beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await catalogServices(t))('Teeth whitening')._id;
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  reviewerId = admin!.id;
});
afterAll(() => t.close());

const retention = () => ({ retentionDays: t.config.PICTURE_RETENTION_DAYS });

/** Finishes an order as a delivered result would: a stored result and review picture, condition done. */
async function finishOrder(orderId: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a5' } })
    .png()
    .toBuffer();
  const result = `orders/${orderId}/result.png`;
  const review = `orders/${orderId}/review.png`;
  await t.app.storage.put(result, png, 'image/png');
  await t.app.storage.put(review, png, 'image/png');
  await t.db.insert(orderProcessing).values({
    orderId,
    kind: 'executor',
    resultStatus: 1,
    resultPicture: publicFilePath(result),
    reviewerId,
    reviewStatus: 1,
    reviewPicture: publicFilePath(review),
  });
  await t.db
    .update(orders)
    .set({ condition: OrderCondition.done, finalPicture: publicFilePath(result) })
    .where(eq(orders.id, orderId));
}

/** Every storage key of the order's pictures and its processing pictures. */
async function pictureKeys(orderId: string): Promise<string[]> {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const steps = await t.db.select().from(orderProcessing).where(eq(orderProcessing.orderId, orderId));
  const paths = [order!.original, order!.originalThumb, order!.draft, order!.additional, order!.finalPicture];
  paths.push(...steps.flatMap((step) => [step.resultPicture, step.reviewPicture]));
  return [...new Set(paths.map(storageKeyFromPath).filter((key): key is string => key !== undefined))];
}

async function storedCount(keys: string[]): Promise<number> {
  const found = await Promise.all(keys.map((key) => t.app.storage.read(key)));
  for (const file of found) file?.stream.destroy();
  return found.filter((file) => file !== null).length;
}

/** A customer with `count` finished orders placed now. */
async function customerWithFinishedOrders(count: number) {
  const customer = await signUpCustomer(t);
  await adjustBalance(t, customer.user._id, { main: 100 * count, bonus: 0 });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await placeOrder(customer.client, serviceId);
    await finishOrder(id);
    ids.push(id);
  }
  return { ...customer, ids };
}

describe('the picture retention job', () => {
  it('deletes the files and sets the flag only for orders older than 30 days', async () => {
    const old = await customerWithFinishedOrders(1);
    const oldOrder = old.ids[0]!;
    const oldKeys = await pictureKeys(oldOrder);
    expect(oldKeys.length).toBeGreaterThanOrEqual(5);
    expect(await storedCount(oldKeys)).toBe(oldKeys.length);

    t.clock.advance(29 * DAY_MS);
    const recent = await customerWithFinishedOrders(1);
    const recentOrder = recent.ids[0]!;
    // An order still in work keeps its pictures whatever its age.
    const inWork = await placeOrder(old.client, serviceId);
    // 29 days: nothing is old enough yet.
    expect(await expireOldPictures(t.app, t.clock.now(), retention())).toBe(0);

    t.clock.advance(1 * DAY_MS + 60_000);
    expect(await expireOldPictures(t.app, t.clock.now(), retention())).toBe(1);
    expect(await storedCount(oldKeys)).toBe(0);
    const rows = await t.db
      .select({ id: orders.id, expiredAt: orders.picturesExpiredAt })
      .from(orders)
      .where(inArray(orders.id, [oldOrder, recentOrder, inWork]));
    const expiredAt = Object.fromEntries(rows.map((row) => [row.id, row.expiredAt]));
    expect(expiredAt[oldOrder]).toEqual(t.clock.now());
    expect(expiredAt[recentOrder]).toBeNull();
    expect(expiredAt[inWork]).toBeNull();
    const recentKeys = await pictureKeys(recentOrder);
    expect(await storedCount(recentKeys)).toBe(recentKeys.length);

    // Idempotent: a second run finds nothing.
    expect(await expireOldPictures(t.app, t.clock.now(), retention())).toBe(0);
  });

  it('presents an expired order with null pictures and picturesExpired to the customer and staff', async () => {
    const customer = await customerWithFinishedOrders(2);
    t.clock.advance(31 * DAY_MS);
    await expireOldPictures(t.app, t.clock.now(), retention());
    // The 31 days outlived the session.
    const client = await logIn(t, customer.credentials.email, customer.credentials.password);
    const kept = await placeOrder(client, serviceId);

    const history = await client.get('/api/orders/user/?limit=20');
    expect(history.status).toBe(200);
    const expired = history.body.orders.find((o: { _id: string }) => o._id === customer.ids[0]);
    expect(expired).toMatchObject({
      picturesExpired: true,
      pictures: { original: null, thumbnail: null, draft: null, additional: null },
      finalPicture: null,
      completed: { picture: null },
    });
    const fresh = history.body.orders.find((o: { _id: string }) => o._id === kept);
    expect(fresh.picturesExpired).toBe(false);
    expect(fresh.pictures.original).toMatch(/^\/api\/files\//);

    const one = await client.get(`/api/orders/order/${customer.ids[1]}`);
    expect(one.body).toMatchObject({ picturesExpired: true, pictures: { original: null } });

    const admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const staff = await admin.get(`/api/admin/orders/order/${customer.ids[0]}`);
    expect(staff.status).toBe(200);
    const order = staff.body as StaffOrder;
    expect(order.picturesExpired).toBe(true);
    expect(order.pictures).toEqual({ original: null, thumbnail: null, draft: null, additional: null });
    expect(order.finalPicture).toBeNull();
    expect(order.processing[0]?.executor?.result.picture).toBeNull();
    expect(order.processing[0]?.review?.result.picture).toBeNull();
    const live = (await admin.get(`/api/admin/orders/order/${kept}`)).body as StaffOrder;
    expect(live.picturesExpired).toBe(false);
    expect(live.pictures.original).toBeTruthy();

    // Nothing left to rework: a revision of an expired order is refused and changes nothing.
    const revision = await client.post(`/api/orders/refusal/${customer.ids[0]}`, {
      message: 'Please make it brighter',
    });
    expect(revision.status).toBe(409);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, customer.ids[0]!));
    expect(after!.condition).toBe(OrderCondition.done);
  });

  it('processes each order once when two instances run the job at the same time', async () => {
    const customer = await customerWithFinishedOrders(5);
    const keys = (await Promise.all(customer.ids.map(pictureKeys))).flat();
    t.clock.advance(31 * DAY_MS);
    const now = t.clock.now();
    const removed: string[] = [];
    // Two instances: the same database, each with its own view of storage that records removals.
    const instance = () => ({
      db: t.db,
      storage: {
        ...t.app.storage,
        remove: async (key: string) => {
          removed.push(key);
          await t.app.storage.remove(key);
        },
      },
    });
    const runs = await Promise.all([
      expireOldPictures(instance(), now, { ...retention(), batchSize: 2 }),
      expireOldPictures(instance(), now, { ...retention(), batchSize: 2 }),
    ]);
    expect(runs[0]! + runs[1]!).toBe(5);
    const mine = removed.filter((key) => keys.includes(key));
    expect(mine.sort()).toEqual([...keys].sort());
    expect(await storedCount(keys)).toBe(0);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, customer.ids));
    expect(rows.every((row) => row.picturesExpiredAt?.getTime() === now.getTime())).toBe(true);
  });
});
