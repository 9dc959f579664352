import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsersText, type AdminUser } from '@retouch/shared/admin-users';
import { PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { LedgerReason, orders, roles, tokenLedger, users } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { logIn, signUpCustomer } from '../../../test/fixtures';
import { TEST_ADMIN } from '../../../test/test-config';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
} from '../../../test/staff-fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';
import { insertRole } from '../permissions/permissions.repository';
import { USERS_EXPORT_PAGE_SIZE } from './admin-users.repository';
import { UsersCsvHeader } from './admin-users.service';

let t: TestApp;
let admin: TestClient;
let adminId: string;
/** Staff holding showAdmin and lookUsers only: may look, may not edit. */
let viewer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
  adminId = (await admin.get('/api/user/info')).body._id;
  await insertRole(t.db, 'Viewer', [PermissionSign.showAdmin, PermissionSign.lookUsers], false);
  viewer = (await createStaff(t, 'Viewer'))[0]!.client;
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

let counter = 0;
/** A unique e-mail carrying `tag`, so a search finds exactly this test's users. */
const emailWith = (tag: string) => `${tag}-${(counter += 1)}@example.com`;

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'secret-password',
  name: { giveName: 'Olga', familyName: 'Ivanova' },
  ...extra,
});

async function createUser(email: string, extra: Record<string, unknown> = {}): Promise<AdminUser> {
  const answer = await admin.post('/api/admin/user/registration', registration(email, extra));
  if (answer.status !== 201) throw new Error(`admin registration failed: ${JSON.stringify(answer.body)}`);
  return answer.body.user;
}

const list = (client: TestClient, query: string) => client.get(`/api/admin/users?${query}`);

describe('GET /api/admin/users', () => {
  it('answers a page of users with the total, newest first by default and oldest first with date=ASC', async () => {
    const tag = `page${randomUUID().slice(0, 8)}`;
    const created: AdminUser[] = [];
    for (let i = 0; i < 5; i += 1) created.push(await createUser(emailWith(tag)));
    const emails = created.map((user) => user.email);

    const first = await list(admin, `searchByEmail=${tag}&limit=2&page=1`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(5);
    expect(first.body.users.map((u: AdminUser) => u.email)).toEqual([emails[4], emails[3]]);
    const third = await list(admin, `searchByEmail=${tag}&limit=2&page=3`);
    expect(third.body.users.map((u: AdminUser) => u.email)).toEqual([emails[0]]);
    const ascending = await list(admin, `searchByEmail=${tag}&limit=2&page=1&date=ASC`);
    expect(ascending.body.users.map((u: AdminUser) => u.email)).toEqual([emails[0], emails[1]]);
    expect((await list(admin, `searchByEmail=${tag}`)).body.users).toHaveLength(5);

    expect(first.body.users[0]).toEqual({
      _id: created[4]!._id,
      email: emails[4],
      name: { giveName: 'Olga', familyName: 'Ivanova' },
      balance: { main: 0, bonus: 0 },
      role: { _id: expect.any(String), title: RoleTitle.user },
      customPermissions: false,
      createdAt: expect.any(String),
    });
  });

  it('pages by 20 when no limit is given, and allows up to 10000', async () => {
    const tag = `many${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 21; i += 1) await createUser(emailWith(tag));
    const page = await list(admin, `searchByEmail=${tag}`);
    expect(page.body).toMatchObject({ total: 21 });
    expect(page.body.users).toHaveLength(20);
    expect((await list(admin, `searchByEmail=${tag}&page=2`)).body.users).toHaveLength(1);
    expect((await list(admin, 'onlyAdmin=true&limit=10000')).status).toBe(200);
    expect((await list(admin, 'limit=10001')).status).toBe(400);
    expect((await list(admin, 'limit=0')).status).toBe(400);
    expect((await list(admin, 'date=sideways')).status).toBe(400);
  });

  it('lists staff with onlyAdmin=true and ordinary users with onlyAdmin=false', async () => {
    const tag = `mixed${randomUUID().slice(0, 8)}`;
    const customer = await createUser(emailWith(tag));
    const designer = await createUser(emailWith(tag), { role: { _id: await roleIdOf(RoleTitle.designer) } });

    const staff = await list(admin, `onlyAdmin=true&searchByEmail=${tag}`);
    expect(staff.body).toMatchObject({
      total: 1,
      users: [{ _id: designer._id, role: { title: 'Designer' } }],
    });
    const ordinary = await list(admin, `onlyAdmin=false&searchByEmail=${tag}`);
    expect(ordinary.body).toMatchObject({
      total: 1,
      users: [{ _id: customer._id, role: { title: 'User' } }],
    });

    const allStaff = (await list(admin, 'onlyAdmin=true&limit=10000')).body.users as AdminUser[];
    expect(allStaff.every((user) => user.role.title !== RoleTitle.user)).toBe(true);
    expect(allStaff.map((user) => user.email)).toContain(TEST_ADMIN.email);
    const allUsers = (await list(admin, 'onlyAdmin=false&limit=10000')).body.users as AdminUser[];
    expect(allUsers.every((user) => user.role.title === RoleTitle.user)).toBe(true);
  });

  it('searches by a part of the e-mail in any letter case, taking % and _ literally', async () => {
    const tag = `case${randomUUID().slice(0, 8)}`;
    const user = await createUser(emailWith(tag));
    const found = await list(admin, `searchByEmail=${encodeURIComponent(tag.toUpperCase())}`);
    expect(found.body).toMatchObject({ total: 1, users: [{ _id: user._id }] });
    expect((await list(admin, 'searchByEmail=%25')).body.total).toBe(0);
    expect((await list(admin, `searchByEmail=${tag.slice(0, 4)}_`)).body.total).toBe(0);
  });

  it('lets staff holding lookUsers look', async () => {
    expect((await list(viewer, 'limit=5')).status).toBe(200);
  });
});

describe('GET /api/admin/users/export', () => {
  /** The export as the browser receives it: raw bytes (fetch's text() would drop the byte order mark). */
  async function download(client: TestClient, query: string) {
    const response = await fetch(`${t.baseUrl}/api/admin/users/export?${query}`, {
      headers: { cookie: client.cookieHeader ?? '' },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
  }
  const HEADER = Object.values(UsersCsvHeader).join(',');
  /** Records of a CSV whose fields hold no comma, quote or line break; the header first. */
  const simpleRecords = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));

  it('is a UTF-8 CSV download with a byte order mark, named by the day', async () => {
    const answer = await download(admin, 'searchByEmail=nobody-at-all');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="users-${day}.csv"`);
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.text).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it('writes the users the table lists with the same search, switch and sort, in the same order', async () => {
    const tag = `export${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i += 1) await createUser(emailWith(tag));
    await createUser(emailWith(tag), { role: { _id: await roleIdOf(RoleTitle.designer) } });
    const withBalance = await createUser(emailWith(tag));
    await admin.patch(`/api/admin/user/change/info/${withBalance._id}`, { balance: { main: 7, bonus: 3 } });

    for (const query of [
      `searchByEmail=${tag}&onlyAdmin=false&date=ASC`,
      `searchByEmail=${tag}&onlyAdmin=true`,
    ]) {
      const listed = (await list(admin, `${query}&limit=100`)).body.users as AdminUser[];
      const [header, ...records] = simpleRecords((await download(admin, query)).text);
      expect(header!.join(','), query).toBe(HEADER);
      expect(records, query).toEqual(
        listed.map((user) => [
          user.email,
          'Olga',
          'Ivanova',
          String(user.balance.main),
          String(user.balance.bonus),
          user.role.title,
          'нет',
          user.createdAt.slice(0, 19).replace('T', ' '),
        ]),
      );
    }
    const ordinary = simpleRecords((await download(admin, `searchByEmail=${tag}&onlyAdmin=false`)).text);
    expect(ordinary).toHaveLength(1 + 4);
    expect(ordinary.find((record) => record[0] === withBalance.email)?.slice(3, 5)).toEqual(['7', '3']);
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', async () => {
    const tag = `inject${randomUUID().slice(0, 8)}`;
    const user = await createUser(emailWith(tag), {
      name: { giveName: '=1+2', familyName: 'O"Neil, Jr' },
    });
    await t.db.update(users).set({ familyName: '@SUM(A1)\nnext line' }).where(eq(users.id, user._id));
    const other = await createUser(emailWith(tag), { name: { giveName: '+7 900', familyName: '-1' } });
    const [header, ...lines] = (await download(admin, `searchByEmail=${tag}&date=ASC`)).text
      .slice(1)
      .split('\r\n');
    expect(header).toBe(HEADER);
    const day = (iso: string) => iso.slice(0, 19).replace('T', ' ');
    expect(lines).toEqual([
      `${user.email},'=1+2,"'@SUM(A1)\nnext line",0,0,User,нет,${day(user.createdAt)}`,
      `${other.email},'+7 900,'-1,0,0,User,нет,${day(other.createdAt)}`,
      '',
    ]);
  });

  it('pages through every user once, also when many were created at the same instant', async () => {
    const tag = `bulk${randomUUID().slice(0, 8)}`;
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.title, RoleTitle.user));
    const count = USERS_EXPORT_PAGE_SIZE * 2 + 3;
    // One statement: every row gets the same created_at (now() of the transaction).
    await t.db.insert(users).values(
      Array.from({ length: count }, (_, index) => ({
        email: `${tag}-${index}@example.com`,
        passwordHash: 'x',
        giveName: 'Bulk',
        familyName: String(index),
        roleId: role!.id,
      })),
    );
    for (const date of ['DESC', 'ASC']) {
      const [, ...records] = simpleRecords((await download(admin, `searchByEmail=${tag}&date=${date}`)).text);
      const listed: string[] = [];
      for (let page = 1; listed.length < count; page += 1) {
        const answer = await list(admin, `searchByEmail=${tag}&date=${date}&limit=400&page=${page}`);
        listed.push(...(answer.body.users as AdminUser[]).map((user) => user.email));
      }
      expect(
        records.map((record) => record[0]),
        date,
      ).toEqual(listed);
      expect(new Set(listed).size, date).toBe(count);
    }
  });

  it('needs lookUsers: 401 for a visitor, 403 for staff without it; refuses a bad query with 400', async () => {
    expect((await download(t.client(), '')).status).toBe(401);
    const designer = (await createStaff(t, RoleTitle.designer))[0]!.client;
    expect((await download(designer, '')).status).toBe(403);
    expect((await download(viewer, '')).status).toBe(200);
    const bad = await download(viewer, 'date=sideways');
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/admin/user/registration', () => {
  it('creates a confirmed account that logs in at once, role User unless one is named', async () => {
    const email = emailWith('new');
    const answer = await admin.post('/api/admin/user/registration', registration(email.toUpperCase()));
    expect(answer).toMatchObject({
      status: 201,
      body: { message: AdminUsersText.userCreated, user: { email, role: { title: RoleTitle.user } } },
    });
    const login = await t.client().post('/api/login', { email, password: 'secret-password' });
    expect(login).toMatchObject({ status: 200, body: { email, name: { giveName: 'Olga' } } });
    expect(await t.outbox()).not.toContainEqual(expect.objectContaining({ to: email }));

    const moderator = await admin.post(
      '/api/admin/user/registration',
      registration(emailWith('mod'), { role: { _id: await roleIdOf(RoleTitle.moderator) } }),
    );
    expect(moderator.body.user.role.title).toBe(RoleTitle.moderator);
  });

  it('refuses a taken e-mail with 409, empty fields, a short password and an unknown role', async () => {
    const email = emailWith('dup');
    await createUser(email);
    expect(await admin.post('/api/admin/user/registration', registration(email.toUpperCase()))).toMatchObject(
      {
        status: 409,
        body: { message: AdminUsersText.emailTaken },
      },
    );
    expect(
      await admin.post('/api/admin/user/registration', { ...registration(''), email: '' }),
    ).toMatchObject({ status: 400, body: { message: AdminUsersText.fieldsNotFilled } });
    expect(
      await admin.post('/api/admin/user/registration', {
        ...registration(emailWith('x')),
        name: { giveName: ' ', familyName: 'B' },
      }),
    ).toMatchObject({ status: 400, body: { message: AdminUsersText.fieldsNotFilled } });
    expect(
      await admin.post('/api/admin/user/registration', { ...registration(emailWith('x')), password: '123' }),
    ).toMatchObject({ status: 400, body: { message: AdminUsersText.passwordTooShort } });
    expect(
      await admin.post(
        '/api/admin/user/registration',
        registration(emailWith('x'), { role: { _id: randomUUID() } }),
      ),
    ).toMatchObject({ status: 404, body: { message: AdminUsersText.roleNotFound } });
  });
});

describe('PATCH /api/admin/user/change/info/:id', () => {
  it('renames the user', async () => {
    const { user } = await signUpCustomer(t);
    const answer = await admin.patch(`/api/admin/user/change/info/${user._id}`, {
      name: { giveName: 'Maria', familyName: 'Petrova' },
      password: '',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: AdminUsersText.userUpdated,
        user: { name: { giveName: 'Maria', familyName: 'Petrova' } },
      },
    });
  });

  it('changes the password only when one is sent, ending every session of the user', async () => {
    const { client, credentials, user } = await signUpCustomer(t);
    const otherDevice = await logIn(t, credentials.email, credentials.password);

    await admin.patch(`/api/admin/user/change/info/${user._id}`, { password: '' });
    expect((await client.get('/api/user/info')).status).toBe(200);

    const socket = await connectedSocket(t, client);
    const ended = nextEvent<{ status: number }>(socket, SocketEvent.errors);
    expect(
      (await admin.patch(`/api/admin/user/change/info/${user._id}`, { password: 'brand-new' })).status,
    ).toBe(200);
    expect((await ended).status).toBe(401);
    expect((await client.get('/api/user/info')).status).toBe(401);
    expect((await otherDevice.get('/api/user/info')).status).toBe(401);
    expect((await t.client().post('/api/login', credentials)).status).toBe(401);
    await logIn(t, credentials.email, 'brand-new');
    expect((await admin.get('/api/user/info')).status).toBe(200);
  });

  it('writes a new balance to the ledger as one admin adjustment by the acting admin, and tells the user', async () => {
    const { client, user } = await signUpCustomer(t);
    const socket = await connectedSocket(t, client);
    const told = nextEvent(socket, SocketEvent.balance);

    const answer = await admin.patch(`/api/admin/user/change/info/${user._id}`, {
      balance: { main: 50, bonus: 5 },
    });
    expect(answer.body.user.balance).toEqual({ main: 50, bonus: 5 });
    expect(await told).toEqual({ main: 50, bonus: 5 });
    expect((await client.get('/api/user/info')).body.balance).toEqual({ main: 50, bonus: 5 });

    const adjustments = await t.db
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, user._id), eq(tokenLedger.reason, LedgerReason.adminAdjustment)));
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({ deltaMain: 50, deltaBonus: -15, actorId: adminId });

    // The same balance again changes nothing and writes nothing.
    await admin.patch(`/api/admin/user/change/info/${user._id}`, { balance: { main: 50, bonus: 5 } });
    const after = await t.db.select().from(tokenLedger).where(eq(tokenLedger.userId, user._id));
    expect(after.filter((row) => row.reason === LedgerReason.adminAdjustment)).toHaveLength(1);
  });

  it('keeps both of two simultaneous adjustments consistent with the ledger', async () => {
    const { user } = await signUpCustomer(t);
    const answers = await Promise.all([
      admin.patch(`/api/admin/user/change/info/${user._id}`, { balance: { main: 10, bonus: 20 } }),
      admin.patch(`/api/admin/user/change/info/${user._id}`, { balance: { main: 30, bonus: 20 } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [row] = await t.db
      .select({ main: users.balanceMain, bonus: users.balanceBonus })
      .from(users)
      .where(eq(users.id, user._id));
    expect([10, 30]).toContain(row!.main);
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });

  it('refuses a balance that is not a whole number from 0, a short password, and an unknown user', async () => {
    const { user } = await signUpCustomer(t);
    const path = `/api/admin/user/change/info/${user._id}`;
    for (const balance of [
      { main: -1, bonus: 0 },
      { main: 1.5, bonus: 0 },
      { main: '5', bonus: 0 },
    ]) {
      expect(await admin.patch(path, { balance })).toMatchObject({
        status: 400,
        body: { message: AdminUsersText.balanceInvalid },
      });
    }
    expect(await admin.patch(path, { password: '123' })).toMatchObject({
      status: 400,
      body: { message: AdminUsersText.passwordTooShort },
    });
    expect(await admin.patch(path, { name: { giveName: '', familyName: 'X' } })).toMatchObject({
      status: 400,
      body: { message: AdminUsersText.fieldsNotFilled },
    });
    expect(await admin.patch(`/api/admin/user/change/info/${randomUUID()}`, {})).toMatchObject({
      status: 404,
      body: { message: AdminUsersText.userNotFound },
    });
    expect((await admin.patch('/api/admin/user/change/info/not-an-id', {})).status).toBe(404);
  });
});

describe('DELETE /api/admin/user/:id', () => {
  it('soft-deletes: sessions end, login is refused, the list drops the user, orders and ledger stay', async () => {
    const customer = await signUpCustomer(t);
    const service = (await catalogServices(t))('Teeth whitening');
    const orderId = await placeOrder(customer.client, service._id);
    const ledgerBefore = await t.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, customer.user._id));

    expect(await admin.delete(`/api/admin/user/${customer.user._id}`)).toMatchObject({
      status: 200,
      body: { message: AdminUsersText.userDeleted },
    });
    expect((await customer.client.get('/api/user/info')).status).toBe(401);
    expect((await t.client().post('/api/login', customer.credentials)).status).toBe(401);
    expect(
      (await list(admin, `searchByEmail=${encodeURIComponent(customer.credentials.email)}`)).body.total,
    ).toBe(0);
    expect((await list(admin, 'limit=10000')).body.users.map((u: AdminUser) => u._id)).not.toContain(
      customer.user._id,
    );

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.userId).toBe(customer.user._id);
    const ledgerAfter = await t.db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, customer.user._id));
    expect(ledgerAfter).toEqual(ledgerBefore);

    expect(await admin.delete(`/api/admin/user/${customer.user._id}`)).toMatchObject({
      status: 404,
      body: { message: AdminUsersText.userNotFound },
    });
    expect((await admin.patch(`/api/admin/user/change/info/${customer.user._id}`, {})).status).toBe(404);
  });

  it('refuses to delete the acting admin', async () => {
    expect(await admin.delete(`/api/admin/user/${adminId}`)).toMatchObject({
      status: 409,
      body: { message: AdminUsersText.cannotDeleteSelf },
    });
    expect((await admin.get('/api/user/info')).status).toBe(200);
  });
});

describe('who may call', () => {
  const calls = (id: string) =>
    [
      ['GET', '/api/admin/users', PermissionSign.lookUsers],
      ['POST', '/api/admin/user/registration', PermissionSign.editUsers],
      ['PATCH', `/api/admin/user/change/info/${id}`, PermissionSign.editUsers],
      ['DELETE', `/api/admin/user/${id}`, PermissionSign.editUsers],
    ] as const;

  it('answers 401 to visitors, 403 to customers and to staff without the sign', async () => {
    const { client: customer, user } = await signUpCustomer(t);
    const designer = (await createStaff(t, RoleTitle.designer))[0]!.client;
    for (const [method, path, sign] of calls(user._id)) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : registration(emailWith('guard'));
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await customer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await designer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      if (sign === PermissionSign.editUsers)
        expect((await viewer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // Nothing happened to the user.
    expect((await customer.get('/api/user/info')).status).toBe(200);
  });
});

async function roleIdOf(title: string): Promise<string> {
  const roles = (await admin.get('/api/admin/permissions/role')).body as Array<{
    _id: string;
    title: string;
  }>;
  const role = roles.find((r) => r.title === title);
  if (!role) throw new Error(`no role ${title}`);
  return role._id;
}
