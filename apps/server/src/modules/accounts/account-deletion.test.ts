import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AccountText } from '@retouch/shared/accounts';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import { ServerText } from '@retouch/shared/texts';
import { orders, sessions, socialAccounts, tokenLedger, users } from '../../db/schema/index';
import { storageKeyFromPath } from '../../storage/storage';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { imageForm, signUpCustomer } from '../../../test/fixtures';
import { catalogServices, createStaff, placeOrder } from '../../../test/staff-fixtures';

let t: TestApp;
let serviceId: string;
beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await catalogServices(t))('Teeth whitening')._id;
});
afterAll(() => t.close());

const deleteAccount = (client: TestClient, body: unknown) =>
  client.request('DELETE', '/api/user/account', body);

async function isStored(path: string | null): Promise<boolean> {
  const key = storageKeyFromPath(path);
  if (!key) return false;
  const file = await t.app.storage.read(key);
  file?.stream.destroy();
  return file !== null;
}

/** A customer with an avatar and one finished order. */
async function customerWithHistory() {
  const customer = await signUpCustomer(t);
  const avatar = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const form = imageForm(
    { data: JSON.stringify({ name: { giveName: 'Ann', familyName: 'Lee' } }) },
    { image: { data: avatar, name: 'a.png', type: 'image/png' } },
  );
  expect((await customer.client.patch('/api/user/change/info', form)).status).toBe(200);
  const orderId = await placeOrder(customer.client, serviceId);
  await t.db.update(orders).set({ condition: OrderCondition.done }).where(eq(orders.id, orderId));
  const [user] = await t.db.select().from(users).where(eq(users.id, customer.user._id));
  return { ...customer, orderId, avatar: user!.picture };
}

describe('DELETE /api/user/account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const { client, user } = await signUpCustomer(t);
    const answer = await deleteAccount(client, { password: 'not-my-password' });
    expect(answer).toMatchObject({ status: 403, body: { message: AccountText.wrongPassword } });
    expect(await deleteAccount(client, {})).toMatchObject({ status: 400 });
    expect((await client.get('/api/user/info')).body.email).toBe(user.email);
  });

  it('requires a session', async () => {
    expect((await deleteAccount(t.client(), { password: 'whatever' })).status).toBe(401);
  });

  it('anonymises the account, keeps orders and ledger, removes the pictures, ends sessions and mails', async () => {
    const customer = await customerWithHistory();
    const userId = customer.user._id as string;
    const { email, password } = customer.credentials;
    await t.db.insert(socialAccounts).values({ userId, provider: 'google', subject: `sub-${userId}`, email });
    const otherDevice = t.client();
    await otherDevice.post('/api/login', { email, password });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, customer.orderId));
    const orderPictures = [order!.original, order!.originalThumb, order!.draft];
    expect(await isStored(customer.avatar)).toBe(true);
    for (const path of orderPictures) expect(await isStored(path)).toBe(true);
    const ledgerBefore = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));

    const answer = await deleteAccount(customer.client, { password });
    expect(answer).toMatchObject({ status: 200, body: { message: AccountText.accountDeleted } });

    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      email: `deleted-${userId}@deleted.invalid`,
      giveName: 'Deleted',
      familyName: 'User',
      passwordHash: null,
      picture: null,
    });
    expect(row!.deletedAt).toEqual(t.clock.now());
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId))).toEqual([]);

    const live = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await customer.client.get('/api/user/info')).status).toBe(401);
    expect((await otherDevice.get('/api/user/info')).status).toBe(401);
    expect(await t.client().post('/api/login', { email, password })).toMatchObject({
      status: 401,
      body: { message: ServerText.wrongCredentials },
    });

    const [kept] = await t.db.select().from(orders).where(eq(orders.id, customer.orderId));
    expect(kept).toMatchObject({ userId, cost: order!.cost, condition: OrderCondition.done });
    expect(kept!.picturesExpiredAt).toEqual(t.clock.now());
    expect(await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId))).toEqual(ledgerBefore);
    expect(await isStored(customer.avatar)).toBe(false);
    for (const path of orderPictures) expect(await isStored(path)).toBe(false);

    const mails = (await t.outbox()).filter((mail) => mail.to === email);
    expect(mails.at(-1)?.subject).toBe('Your account was deleted');
    // The address is free again for a new account.
    const again = await t.client().post('/api/registration', {
      email,
      password,
      name: { giveName: 'Ann', familyName: 'Lee' },
    });
    expect(again.status).toBe(201);
  });

  it('confirms an account without a password (social login only) by its e-mail', async () => {
    const { client, user, credentials } = await signUpCustomer(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user._id));
    expect((await client.get('/api/user/account')).body).toEqual({ hasPassword: false });
    expect(await deleteAccount(client, { email: 'someone@else.com' })).toMatchObject({
      status: 403,
      body: { message: AccountText.wrongEmail },
    });
    expect((await deleteAccount(client, { email: credentials.email.toUpperCase() })).status).toBe(200);
  });

  it('answers how the deletion is confirmed', async () => {
    const { client } = await signUpCustomer(t);
    expect((await client.get('/api/user/account')).body).toEqual({ hasPassword: true });
  });

  it('waits for an order in work to finish', async () => {
    const { client, credentials } = await signUpCustomer(t);
    await placeOrder(client, serviceId);
    const answer = await deleteAccount(client, { password: credentials.password });
    expect(answer).toMatchObject({ status: 409, body: { message: AccountText.ordersInWork } });
    expect((await client.get('/api/user/info')).status).toBe(200);
  });

  it('refuses a staff account', async () => {
    const [designer] = await createStaff(t, RoleTitle.designer);
    const answer = await deleteAccount(designer!.client, { password: 'staff-password' });
    expect(answer).toMatchObject({ status: 403, body: { message: AccountText.staffCannotDelete } });
    const [row] = await t.db.select().from(users).where(eq(users.id, designer!.userId));
    expect(row!.deletedAt).toBeNull();
  });
});
