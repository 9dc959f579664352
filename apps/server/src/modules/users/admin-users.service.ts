import { randomUUID } from 'node:crypto';
import {
  AdminUsersText,
  type AdminUsersFilter,
  type AdminUser,
  type AdminUsersPage,
  type adminChangeUserSchema,
  type adminRegistrationSchema,
} from '@retouch/shared/admin-users';
import { AuditAction, AuditTarget, AuditText } from '@retouch/shared/audit';
import { RoleTitle } from '@retouch/shared/permissions';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { LedgerReason } from '../../db/values';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { csvStream, isoDateTime, isoDay, keysetPages, type CsvColumn } from '../../lib/csv-export';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../audit/audit.repository';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { refuseBeyondActor, refuseSelf, refuseUngrantable } from '../permissions/grant-rules';
import { findRoleIdByTitle } from '../permissions/permissions.repository';
import { findRoles } from '../permissions/roles.repository';
import {
  USERS_EXPORT_PAGE_SIZE,
  findAdminUser,
  findUserPage,
  findUsersAfter,
  lockLiveUser,
  lockRoleForShare,
  revokeSessionsOf,
  type UserListFilter,
  type UsersCursor,
} from './admin-users.repository';
import { closeAccount } from './account-closure';
import { toAdminUser } from './admin-users.presenter';
import { findUserByEmail, insertUser, updateUser, type UserChanges } from './users.repository';

/** What the service tells the outside world; the routes wire it to socket.io. */
interface AdminUsersEvents {
  balanceChanged(userId: string, balance: { main: number; bonus: number }): void;
  sessionsEnded(userId: string, sessionIds: readonly string[]): Promise<void>;
}

export interface AdminUsersDeps {
  db: Database;
  clock: Clock;
  events: AdminUsersEvents;
}

/** The acting staff member and the session they act from. */
export interface Actor {
  userId: string;
  sessionId: string;
}

/** One page of the users table. */
export async function listAdminUsers(db: Database, filter: UserListFilter): Promise<AdminUsersPage> {
  const { rows, total } = await findUserPage(db, filter);
  return { users: rows.map(toAdminUser), total };
}

/** Header texts of the users export: the table's columns, the name and balance parts apart. */
export const UsersCsvHeader = {
  email: 'E-mail',
  giveName: 'Имя',
  familyName: 'Фамилия',
  balanceMain: 'Токены',
  balanceBonus: 'Бонус',
  role: 'Роль',
  customPermissions: 'Индивидуальные права',
  createdAt: 'Дата регистрации (UTC)',
} as const;

const usersCsvColumns: CsvColumn<AdminUser>[] = [
  { header: UsersCsvHeader.email, cell: (user) => user.email },
  { header: UsersCsvHeader.giveName, cell: (user) => user.name.giveName },
  { header: UsersCsvHeader.familyName, cell: (user) => user.name.familyName },
  { header: UsersCsvHeader.balanceMain, cell: (user) => user.balance.main },
  { header: UsersCsvHeader.balanceBonus, cell: (user) => user.balance.bonus },
  { header: UsersCsvHeader.role, cell: (user) => user.role.title },
  { header: UsersCsvHeader.customPermissions, cell: (user) => (user.customPermissions ? 'да' : 'нет') },
  { header: UsersCsvHeader.createdAt, cell: (user) => isoDateTime(new Date(user.createdAt)) },
];

/**
 * `GET /api/admin/users/export`: every live user the table's search and switch keep, in its order, as CSV
 * read a page at a time. The query is checked before anything is sent.
 */
export function exportUsers(db: Database, filter: AdminUsersFilter, now: Date) {
  const pages = keysetPages(
    (after?: UsersCursor) => findUsersAfter(db, filter, after),
    USERS_EXPORT_PAGE_SIZE,
  );
  const rows = (async function* () {
    for await (const row of pages) yield toAdminUser(row);
  })();
  return { filename: `users-${isoDay(now)}.csv`, stream: csvStream(rows, usersCsvColumns) };
}

async function loadAdminUser(db: Database, id: string): Promise<AdminUser> {
  const row = await findAdminUser(db, id);
  if (!row) throw AppError.notFound(AdminUsersText.userNotFound);
  return toAdminUser(row);
}

/** Creates a confirmed account (no confirmation mail, no registration bonus), role User unless one is named. */
export async function registerUserByAdmin(
  deps: AdminUsersDeps,
  actor: Actor,
  body: z.output<typeof adminRegistrationSchema>,
): Promise<AdminUser> {
  refuseCommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const roleId = body.role ? body.role._id : await findRoleIdByTitle(tx, RoleTitle.user);
      const role = roleId ? await lockRoleForShare(tx, roleId) : undefined;
      if (!role) throw AppError.notFound(AdminUsersText.roleNotFound);
      await refuseUngrantable(tx, actor.userId, {
        roleTitle: role.title,
        permissions: (await findRoles(tx, [role.id]))[0]?.permissions ?? [],
      });
      if (await findUserByEmail(tx, body.email)) throw AppError.conflict(AdminUsersText.emailTaken);
      const created = await insertUser(tx, {
        email: body.email,
        passwordHash,
        giveName: body.name.giveName,
        familyName: body.name.familyName,
        roleId: role.id,
        emailConfirmedAt: deps.clock.now(),
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: AuditAction.create,
        target: { type: AuditTarget.user, id: created, label: body.email },
        before: null,
        after: { name: body.name, role: role.title },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(AdminUsersText.emailTaken);
    throw error;
  }
  return loadAdminUser(deps.db, userId);
}

/** Whether the name differs from the one the user has. */
function isNewName(user: { giveName: string; familyName: string }, name: AdminUser['name']): boolean {
  return name.giveName !== user.giveName || name.familyName !== user.familyName;
}

/**
 * Changes a user's name, password and balance in one transaction with the user's row locked. A new
 * balance is written to the ledger as one admin adjustment (the difference, signed by the actor); a new
 * password ends the user's other sessions. A name or balance the user already has is neither written
 * nor logged.
 */
export async function changeUserByAdmin(
  deps: AdminUsersDeps,
  actor: Actor,
  userId: string,
  body: z.output<typeof adminChangeUserSchema>,
): Promise<AdminUser> {
  if (body.password) refuseCommonPassword(body.password);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockLiveUser(tx, userId);
    if (!locked) throw AppError.notFound(AdminUsersText.userNotFound);
    if (body.balance) refuseSelf(actor.userId, userId);
    await refuseBeyondActor(tx, actor.userId, userId);
    const name = body.name && isNewName(locked, body.name) ? body.name : undefined;
    const changes: UserChanges = {};
    if (name) Object.assign(changes, name);
    if (passwordHash) changes.passwordHash = passwordHash;
    if (Object.keys(changes).length > 0) await updateUser(tx, userId, changes);
    const target = { type: AuditTarget.user, id: userId, label: locked.email };
    if (name || passwordHash) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: AuditAction.update,
        target,
        before: {
          ...(name && { name: { giveName: locked.giveName, familyName: locked.familyName } }),
          ...(passwordHash && { password: AuditText.passwordBefore }),
        },
        after: {
          ...(name && { name }),
          ...(passwordHash && { password: AuditText.passwordAfter }),
        },
      });
    }
    const revoked = passwordHash ? await revokeSessionsOf(tx, userId, now, actor.sessionId) : [];
    let balance: { main: number; bonus: number } | undefined;
    if (body.balance) {
      const deltaMain = body.balance.main - locked.balanceMain;
      const deltaBonus = body.balance.bonus - locked.balanceBonus;
      if (deltaMain !== 0 || deltaBonus !== 0) {
        await applyLedgerEntry(tx, {
          userId,
          deltaMain,
          deltaBonus,
          reason: LedgerReason.adminAdjustment,
          actorId: actor.userId,
          idempotencyKey: `admin-adjustment:${userId}:${randomUUID()}`,
        });
        balance = { main: body.balance.main, bonus: body.balance.bonus };
        await recordAudit(tx, {
          actorId: actor.userId,
          action: AuditAction.balance,
          target,
          before: { main: locked.balanceMain, bonus: locked.balanceBonus },
          after: balance,
        });
      }
    }
    return { revoked, balance };
  });
  if (outcome.balance) deps.events.balanceChanged(userId, outcome.balance);
  if (outcome.revoked.length > 0) await deps.events.sessionsEnded(userId, outcome.revoked);
  return loadAdminUser(deps.db, userId);
}

/** A user as the log keeps them when deleted: what the users table showed of them. */
function deletedUserRecord(user: AdminUser) {
  return {
    email: user.email,
    name: user.name,
    role: user.role.title,
    main: user.balance.main,
    bonus: user.balance.bonus,
    customPermissions: user.customPermissions,
  };
}

/**
 * Soft-deletes a user: sessions end, login is refused, orders and ledger rows stay. Nobody deletes
 * themself. The log keeps the user as they were, their row locked while it is read.
 */
export async function deleteUserByAdmin(deps: AdminUsersDeps, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) throw AppError.conflict(AdminUsersText.cannotDeleteSelf);
  const now = deps.clock.now();
  const revoked = await deps.db.transaction(async (tx) => {
    await refuseBeyondActor(tx, actor.userId, userId);
    const row = (await lockLiveUser(tx, userId)) ? await findAdminUser(tx, userId) : undefined;
    if (!row) throw AppError.notFound(AdminUsersText.userNotFound);
    const ended = await closeAccount(tx, userId, now, { anonymise: false });
    if (!ended) throw AppError.notFound(AdminUsersText.userNotFound);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: AuditAction.delete,
      target: { type: AuditTarget.user, id: userId, label: row.email },
      before: deletedUserRecord(toAdminUser(row)),
      after: null,
    });
    return ended;
  });
  if (revoked.length > 0) await deps.events.sessionsEnded(userId, revoked);
}
