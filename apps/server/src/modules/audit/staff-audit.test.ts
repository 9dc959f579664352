import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AuditTargetValue } from '@retouch/shared/audit';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { PermissionSign, RoleTitle } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { auditLog, LedgerReason, refusalReasons, roles, tokenLedger } from '../../db/schema/index';
import type { LedgerReasonValue } from '../../db/values';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adjustBalance, signUpCustomer } from '../../../test/fixtures';
import { createGroup, createService, multipart, offerData } from '../../../test/catalog-fixtures';
import {
  catalogServices,
  connectedSocket,
  createStaff,
  nextEvent,
  placeOrder,
  type StaffMember,
} from '../../../test/staff-fixtures';
import { findLedgerMismatches } from '../ledger/ledger.repository';

/** Issue 35, item 5: every staff change to money, roles, permissions, settings and orders, and only real ones. */
let t: TestApp;
let admin: StaffMember;
let teethId: string;

beforeAll(async () => {
  t = await createTestApp();
  teethId = (await catalogServices(t))('Teeth whitening')._id;
  [admin] = (await createStaff(t, RoleTitle.admin)) as [StaffMember];
});
afterAll(async () => {
  expect(await findLedgerMismatches(t.db)).toEqual([]);
  await t.close();
});

/** The audit rows of one target, oldest first. */
function auditOf(targetType: AuditTargetValue, targetId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));
}

/** The ledger rows of one order and reason. */
function ledgerOf(orderId: string, reason: LedgerReasonValue) {
  return t.db
    .select()
    .from(tokenLedger)
    .where(and(eq(tokenLedger.orderId, orderId), eq(tokenLedger.reason, reason)));
}

describe('an order cancelled by staff', () => {
  it('is one audit entry with the condition before and after and the refund; the refund names the staff member', async () => {
    const customer = await signUpCustomer(t);
    await adjustBalance(t, customer.user._id, { main: 50, bonus: 0 });
    const orderId = await placeOrder(customer.client, teethId);

    const answer = await admin.client.post(`/api/admin/orders/order/${orderId}/cancel`);
    expect(answer.status).toBe(200);
    expect((await admin.client.post(`/api/admin/orders/order/${orderId}/cancel`)).status).toBe(409);

    expect(await auditOf('order', orderId)).toMatchObject([
      {
        actorId: admin.userId,
        action: 'cancel',
        targetLabel: orderId,
        before: { condition: OrderCondition.new },
        after: { condition: OrderCondition.cancelled, refunded: answer.body.refunded },
      },
    ]);
    // The back office's log reads it.
    const page = await admin.client.get(`/api/admin/audit?targetType=order&targetId=${orderId}`);
    expect(page.body).toMatchObject({
      total: 1,
      entries: [{ action: 'cancel', actor: { email: admin.email } }],
    });
    expect(await ledgerOf(orderId, LedgerReason.orderRefund)).toMatchObject([{ actorId: admin.userId }]);
    // The customer's own charge stays without an actor.
    expect(await ledgerOf(orderId, LedgerReason.orderCharge)).toMatchObject([{ actorId: null }]);
  });

  it('a refusal agreed by a moderator is refunded with the moderator as its actor', async () => {
    const designer = (await createStaff(t))[0]!;
    await designer.client.post('/api/executor/shift/toggle');
    const designerSocket = await connectedSocket(t, designer.client);
    const received = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
    designerSocket.emit(SocketEvent.executorFind, true);
    const customer = await signUpCustomer(t);
    const orderId = await placeOrder(customer.client, teethId);
    expect((await received)._id).toBe(orderId);
    const [reason] = await t.db.select().from(refusalReasons).limit(1);
    const refused = await designer.client.post('/api/admin/orders/executor/refuse', { _id: reason!.id });
    expect(refused.status).toBe(200);

    const moderator = (await createStaff(t, RoleTitle.moderator))[0]!;
    const moderatorSocket = await connectedSocket(t, moderator.client);
    const inReview = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
    moderatorSocket.emit(SocketEvent.reviewFind, true);
    expect((await inReview)._id).toBe(orderId);
    expect((await moderator.client.post('/api/admin/orders/review/refuse/resolve')).status).toBe(200);

    expect(await ledgerOf(orderId, LedgerReason.orderRefund)).toMatchObject([{ actorId: moderator.userId }]);
    designerSocket.disconnect();
    moderatorSocket.disconnect();
  });
});

describe('a deleted user', () => {
  it('keeps in the log what the users table showed of them: e-mail, name, role, balance, own switches', async () => {
    const { user } = await signUpCustomer(t);
    const edited = await admin.client.patch(`/api/admin/user/change/info/${user._id}`, {
      name: { giveName: 'Ann', familyName: 'Lee' },
      balance: { main: 30, bonus: 5 },
    });
    expect(edited.status).toBe(200);
    expect((await admin.client.delete(`/api/admin/user/${user._id}`)).status).toBe(200);

    const entries = await auditOf('user', user._id);
    expect(entries.at(-1)).toMatchObject({
      action: 'delete',
      targetLabel: user.email,
      before: {
        email: user.email,
        name: { giveName: 'Ann', familyName: 'Lee' },
        role: RoleTitle.user,
        main: 30,
        bonus: 5,
        customPermissions: false,
      },
      after: null,
    });
  });
});

describe('a change that changes nothing is not logged', () => {
  it("a user's same name and balance", async () => {
    const { user } = await signUpCustomer(t);
    const same = await admin.client.patch(`/api/admin/user/change/info/${user._id}`, {
      name: { giveName: user.name.giveName, familyName: user.name.familyName },
      balance: user.balance,
    });
    expect(same.status).toBe(200);
    expect(await auditOf('user', user._id)).toEqual([]);
  });

  it("a user's same role", async () => {
    const { user } = await signUpCustomer(t);
    const [userRole] = await t.db.select().from(roles).where(eq(roles.title, RoleTitle.user));
    const sameRole = await admin.client.patch(`/api/admin/permissions/role/user/${user._id}`, {
      _id: userRole!.id,
    });
    expect(sameRole.status).toBe(200);
    expect(await auditOf('user', user._id)).toEqual([]);
  });

  it("a role's same title and signs", async () => {
    const created = await admin.client.post('/api/admin/permissions/role', { title: `Same ${Date.now()}` });
    const roleId = created.body._id as string;
    const change = {
      title: created.body.title,
      permissions: [{ sign: PermissionSign.lookOrders, status: true }],
    };
    expect((await admin.client.patch(`/api/admin/permissions/role/${roleId}`, change)).status).toBe(200);
    expect((await admin.client.patch(`/api/admin/permissions/role/${roleId}`, change)).status).toBe(200);
    expect((await auditOf('role', roleId)).map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it("a staff member's same own switches", async () => {
    const [designer] = await createStaff(t);
    const switches = { permissions: [{ sign: PermissionSign.lookOrders, status: true }] };
    const path = `/api/admin/permissions/custom/user/${designer!.userId}`;
    expect((await admin.client.patch(path, switches)).status).toBe(200);
    expect((await admin.client.patch(path, switches)).status).toBe(200);
    expect((await auditOf('user', designer!.userId)).map((entry) => entry.action)).toEqual(['permissions']);
  });

  it('the overload setting set to the moment it holds', async () => {
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const path = '/api/admin/system/settings/order/overload';
    expect((await admin.client.patch(path, { data: until })).status).toBe(200);
    const again = await admin.client.patch(path, { data: until });
    expect(again.status).toBe(200);
    expect(again.body.setting.data).toBe(until);
    expect(await auditOf('setting', again.body.setting._id)).toHaveLength(1);
  });

  it('a catalogue group saved as it is', async () => {
    const groupId = await createGroup(admin.client, 'Unchanged');
    const group = { title: { admin: 'Лицо', user: 'Unchanged' }, status: true };
    expect((await admin.client.patch(`/api/admin/services/group/${groupId}`, group)).status).toBe(200);
    expect((await auditOf('group', groupId)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('a service saved twice with the same form', async () => {
    const groupId = await createGroup(admin.client, 'Same service');
    const { serviceId } = await createService(admin.client, groupId);
    const service = {
      ...offerData(),
      embedInCanvas: false,
      allowMessage: true,
      allowAdditionalImage: false,
      multi: false,
      multiDegree: false,
      degreeAction: [],
    };
    const path = `/api/admin/services/list/${serviceId}`;
    expect((await admin.client.patch(path, multipart(service))).status).toBe(200);
    expect((await admin.client.patch(path, multipart(service))).status).toBe(200);
    expect((await auditOf('service', serviceId)).map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('a degree saved as it is', async () => {
    const title = { admin: 'Ровная', user: 'Even' };
    const degree = await admin.client.post('/api/admin/services/degree', { title });
    const degreePath = `/api/admin/services/degree/${degree.body._id}`;
    expect((await admin.client.patch(degreePath, { title, default: degree.body.default })).status).toBe(200);
    expect(await auditOf('degree', degree.body._id)).toHaveLength(1);
  });

  it('a refusal reason saved as it is', async () => {
    const reasonBody = { title: { admin: 'Темно', user: 'Too dark' } };
    const reason = await admin.client.post('/api/admin/orders/reason', reasonBody);
    expect((await admin.client.patch(`/api/admin/orders/reason/${reason.body._id}`, reasonBody)).status).toBe(
      200,
    );
    expect(await auditOf('reason', reason.body._id)).toHaveLength(1);
  });
});

describe('the default degree moved', () => {
  it('logs the old default and the new one, each before -> after', async () => {
    await admin.client.post('/api/admin/services/degree', { title: { admin: 'Первая', user: 'First' } });
    const listed = await admin.client.get('/api/admin/services/degree');
    const old = (listed.body as Array<{ _id: string; title: { admin: string }; default: boolean }>).find(
      (degree) => degree.default,
    )!;
    const created = await admin.client.post('/api/admin/services/degree', {
      title: { admin: 'Новая', user: 'New' },
    });
    const moved = await admin.client.patch(`/api/admin/services/degree/${created.body._id}`, {
      title: { admin: 'Новая', user: 'New' },
      default: true,
    });
    expect(moved.status).toBe(200);

    expect((await auditOf('degree', created.body._id)).at(-1)).toMatchObject({
      action: 'update',
      before: { isDefault: false, defaultDegree: { id: old._id, title: old.title.admin } },
      after: { isDefault: true, defaultDegree: { id: created.body._id, title: 'Новая' } },
    });
    expect((await auditOf('degree', old._id)).at(-1)).toMatchObject({
      action: 'update',
      targetLabel: old.title.admin,
      before: { isDefault: true },
      after: { isDefault: false },
    });
  });
});

describe('a deleted role', () => {
  it('keeps its signs in the log', async () => {
    const created = await admin.client.post('/api/admin/permissions/role', { title: `Gone ${Date.now()}` });
    expect((await admin.client.delete(`/api/admin/permissions/role/${created.body._id}`)).status).toBe(200);
    expect((await auditOf('role', created.body._id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { title: created.body.title, 'Доступ к админ-панели': false },
    });
  });
});
