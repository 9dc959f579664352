import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_BALANCE_TO_SEND, OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import { LedgerReason, orders, roles, tokenLedger, type LedgerReasonValue } from '../db/schema/index';
import { adjustBalance, imageForm, signUpCustomer } from '../../test/fixtures';
import { catalogServices, createStaff, type StaffMember } from '../../test/staff-fixtures';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from '../../test/test-app';
import { findLedgerMismatches } from '../modules/ledger/ledger.repository';

/**
 * Simultaneous sends from one account (issue 34, item 6). A keyed send's first write, its
 * Idempotency-Key row, takes FOR KEY SHARE on the customer's row through its foreign key; the charge
 * then locks that row. Two sends both holding the first and asking a lock that conflicts with it
 * deadlock, and one of them answered 500. PGlite runs one transaction at a time and never shows it.
 * The same holds for any transaction that locks a user's row and writes a row referring to another
 * user (an admin's audit entry), and for the folder a failed send's pictures were stored in.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Sends at once from one account, as the web app sends a customer's queued orders. */
const SENDS = 8;
/** Bursts per case: a deadlock needs two transactions to interleave, which one burst may miss. */
const BURSTS = 5;
/** Done orders of one account tipped at once. */
const TIPPED_ORDERS = 4;

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

let photo: Buffer;
const orderForm = (serviceId: string) =>
  imageForm(
    {
      data: JSON.stringify({
        order: { persons: [{ id: 'photo', orders: [{ id: serviceId }] }], message: '' },
      }),
    },
    {
      original: { data: photo, name: 'photo.png', type: 'image/png' },
      draft: { data: photo, name: 'draft.png', type: 'image/png' },
    },
  );

let t: TestApp;
let teeth: { _id: string; cost: number };

beforeAll(async () => {
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a3c1e' } })
    .png()
    .toBuffer();
  t = await createTestApp({ TEST_HOOKS: 'true' });
  teeth = (await catalogServices(t))('Teeth whitening');
});
afterAll(async () => {
  // Whatever the sends did, every balance still equals its ledger.
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

const sendOrder = (client: TestClient) =>
  client.request('POST', '/api/orders/create', orderForm(teeth._id), withKey(randomUUID()));
const tip = (client: TestClient, orderId: string, amount: number) =>
  client.request('POST', `/api/orders/order/${orderId}/tip`, { data: { amount } }, withKey(randomUUID()));

/**
 * A customer whose balance is `spendable` tokens above the least an order may be sent with, the
 * sign-up bonus taken back: spending all of it leaves MIN_BALANCE_TO_SEND.
 */
async function customerWith(spendable: number) {
  const customer = await signUpCustomer(t);
  const { balance } = (await customer.client.get('/api/user/info')).body;
  const main = MIN_BALANCE_TO_SEND + spendable - balance.main;
  await adjustBalance(t, customer.user._id, { main, bonus: -balance.bonus });
  return customer;
}

const balanceOf = async (client: TestClient) => {
  const { main, bonus } = (await client.get('/api/user/info')).body.balance;
  return main + bonus;
};
const ledgerOf = (userId: string, reason: LedgerReasonValue) =>
  t.db
    .select({ orderId: tokenLedger.orderId })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reason, reason)));
const ordersOf = (userId: string) =>
  t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));

/** The statuses of the answers with the message of any 5xx, so a failure says what the server said. */
const statusesOf = (answers: TestResponse[]) =>
  answers.map((answer) =>
    answer.status >= 500 ? `${answer.status} ${JSON.stringify(answer.body)}` : answer.status,
  );

/** Folders under the stored files' `orders/` whose order does not exist: left by a failed send. */
async function foldersWithoutOrder(): Promise<string[]> {
  const root = path.join(t.config.DATA_DIR, 'files', 'orders');
  const folders = await readdir(root).catch(() => [] as string[]);
  if (folders.length === 0) return [];
  const existing = await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, folders));
  const ids = new Set(existing.map((row) => row.id));
  return folders.filter((folder) => !ids.has(folder));
}

describe('a send that lost the race for its Idempotency-Key', () => {
  it('leaves no folder of its pictures behind, not even an empty one', async () => {
    const { client } = await customerWith(teeth.cost);
    const key = randomUUID();
    const send = () => client.request('POST', '/api/orders/create', orderForm(teeth._id), withKey(key));
    const answers = await Promise.all(Array.from({ length: 4 }, send));
    expect(statusesOf(answers)).toEqual(Array(4).fill(201));
    expect(await foldersWithoutOrder()).toEqual([]);
  });
});

describe.skipIf(!databaseUrl)(
  'simultaneous keyed sends from one account (runs with TEST_DATABASE_URL)',
  () => {
    it(`answers ${SENDS} simultaneous keyed orders 201, each charged once, burst after burst`, async () => {
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const { client, user } = await customerWith(SENDS * teeth.cost);
        const answers = await Promise.all(Array.from({ length: SENDS }, () => sendOrder(client)));
        expect(statusesOf(answers), `burst ${burst}`).toEqual(Array(SENDS).fill(201));
        const sent = answers.map((answer) => answer.body._id as string).sort();
        expect((await ordersOf(user._id)).map((order) => order.id).sort()).toEqual(sent);
        const charges = await ledgerOf(user._id, LedgerReason.orderCharge);
        expect(charges.map((charge) => charge.orderId).sort()).toEqual(sent);
        expect(await balanceOf(client)).toBe(MIN_BALANCE_TO_SEND);
      }
      expect(await foldersWithoutOrder()).toEqual([]);
    });

    it('answers a burst the balance covers in part 201 or 402, never 5xx, and takes no more than it holds', async () => {
      const affordable = SENDS / 2;
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const { client, user } = await customerWith(affordable * teeth.cost);
        const answers = await Promise.all(Array.from({ length: SENDS }, () => sendOrder(client)));
        const statuses = statusesOf(answers);
        expect(
          statuses.filter((status) => status === 201),
          `burst ${burst}: ${statuses}`,
        ).toHaveLength(affordable);
        expect(
          statuses.filter((status) => status === 402),
          `burst ${burst}: ${statuses}`,
        ).toHaveLength(SENDS - affordable);
        expect(await ledgerOf(user._id, LedgerReason.orderCharge)).toHaveLength(affordable);
        expect(await ordersOf(user._id)).toHaveLength(affordable);
        expect(await balanceOf(client)).toBe(MIN_BALANCE_TO_SEND);
      }
      expect(await foldersWithoutOrder()).toEqual([]);
    });

    /** A customer with `count` done orders (the test hook standing in for the staff) and `spare` tokens. */
    async function customerWithDoneOrders(count: number, spare: number) {
      const customer = await customerWith(count * teeth.cost + spare);
      const orderIds: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const sent = await sendOrder(customer.client);
        expect(sent.status).toBe(201);
        const delivered = await customer.client.post(`/api/test/orders/${sent.body._id}/deliver`);
        expect(delivered.body).toEqual({ condition: OrderCondition.done });
        orderIds.push(sent.body._id as string);
      }
      return { ...customer, orderIds };
    }

    it(`answers keyed tips on ${TIPPED_ORDERS} done orders of one account sent at once 200, each charged once`, async () => {
      const amount = 5;
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const { client, user, orderIds } = await customerWithDoneOrders(
          TIPPED_ORDERS,
          TIPPED_ORDERS * amount,
        );
        const answers = await Promise.all(orderIds.map((orderId) => tip(client, orderId, amount)));
        expect(statusesOf(answers), `burst ${burst}`).toEqual(Array(TIPPED_ORDERS).fill(200));
        const tips = await ledgerOf(user._id, LedgerReason.tip);
        expect(tips.map((entry) => entry.orderId).sort()).toEqual([...orderIds].sort());
        expect(await balanceOf(client)).toBe(MIN_BALANCE_TO_SEND);
      }
    });

    it('answers keyed tips and keyed orders of one account sent at once without a 5xx', async () => {
      const amount = 5;
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const { client, user, orderIds } = await customerWithDoneOrders(
          TIPPED_ORDERS,
          TIPPED_ORDERS * (amount + teeth.cost),
        );
        const answers = await Promise.all([
          ...orderIds.map((orderId) => tip(client, orderId, amount)),
          ...orderIds.map(() => sendOrder(client)),
        ]);
        expect(statusesOf(answers), `burst ${burst}`).toEqual([
          ...Array(TIPPED_ORDERS).fill(200),
          ...Array(TIPPED_ORDERS).fill(201),
        ]);
        expect(await ledgerOf(user._id, LedgerReason.tip)).toHaveLength(TIPPED_ORDERS);
        expect(await ledgerOf(user._id, LedgerReason.orderCharge)).toHaveLength(2 * TIPPED_ORDERS);
        expect(await balanceOf(client)).toBe(MIN_BALANCE_TO_SEND);
      }
      expect(await foldersWithoutOrder()).toEqual([]);
    });

    it('answers two admins changing each other at once 200, burst after burst', async () => {
      const [ann, bob] = (await createStaff(t, RoleTitle.admin, 2)) as [StaffMember, StaffMember];
      const [adminRole] = await t.db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.title, RoleTitle.admin));
      // Each locks the other's row, then writes an audit entry referring to its own, locked by the other.
      const changeEachOther = (change: (by: StaffMember, of: StaffMember) => Promise<TestResponse>) =>
        Promise.all([change(ann, bob), change(bob, ann)]);
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const renamed = await changeEachOther((by, of) =>
          by.client.patch(`/api/admin/user/change/info/${of.userId}`, {
            name: { giveName: 'Admin', familyName: `Round ${burst}` },
            balance: { main: burst, bonus: 0 },
          }),
        );
        expect(statusesOf(renamed), `burst ${burst}`).toEqual([200, 200]);
        const assigned = await changeEachOther((by, of) =>
          by.client.patch(`/api/admin/permissions/role/user/${of.userId}`, { _id: adminRole!.id }),
        );
        expect(statusesOf(assigned), `burst ${burst}`).toEqual([200, 200]);
      }
    });
  },
);
