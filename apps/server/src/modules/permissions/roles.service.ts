import { isDeepStrictEqual } from 'node:util';
import {
  AdminUsersText,
  permissionDescription,
  type Role,
  type UserPermissions,
} from '@retouch/shared/admin-users';
import {
  ALL_PERMISSION_SIGNS,
  PermissionSign,
  RoleTitle,
  hasPermission,
  heldRoleTitle,
  isStaffRole,
  type PermissionEntry,
} from '@retouch/shared/permissions';
import { AuditAction, AuditTarget } from '@retouch/shared/audit';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { recordAudit, userTarget } from '../audit/audit.repository';
import { refuseBeyondActor, refuseSelf, refuseUngrantable } from './grant-rules';
import { findEffectivePermissions, findRoleIdByTitle, insertRole } from './permissions.repository';
import {
  assignRoleToUser,
  countRoleHolders,
  deleteRole,
  findRoleFollowers,
  findRoleHolders,
  findRoles,
  findUserRole,
  lockRole,
  lockUserForPermissions,
  moveDeletedHolders,
  renameRole,
  roleTitleTaken,
  setCustomPermissions,
  setRolePermissions,
  type RoleRow,
} from './roles.repository';

/** What the service tells the outside world; the routes wire it to socket.io. */
interface RolesEvents {
  /** The effective permissions of these users changed. */
  permissionsChanged(userIds: readonly string[]): Promise<void>;
}

export interface RolesDeps {
  db: Database;
  events: RolesEvents;
}

/** A role as the API answers it: all nine signs in order, each with its status and readable name. */
function toRole(row: RoleRow): Role {
  return {
    _id: row.id,
    title: row.title,
    protected: row.isProtected,
    permissions: ALL_PERMISSION_SIGNS.map((sign) => ({
      _id: String(sign),
      sign,
      status: hasPermission(row.permissions, sign),
      description: permissionDescription(sign),
    })),
  };
}

/** Applies switches over a full list of the nine signs. */
function overlay(
  current: readonly PermissionEntry[],
  switches: readonly PermissionEntry[],
): PermissionEntry[] {
  return ALL_PERMISSION_SIGNS.map((sign) => ({
    sign,
    status: switches.find((p) => p.sign === sign)?.status ?? hasPermission(current, sign),
  }));
}

/** All nine signs of a stored list, those without a row off. */
function allSigns(permissions: readonly PermissionEntry[]): PermissionEntry[] {
  return overlay(permissions, []);
}

/** An admin keeps the signs that let them manage users: nobody locks themself out of the back office. */
function refuseSelfLockOut(permissions: readonly PermissionEntry[]): void {
  if (
    !hasPermission(permissions, PermissionSign.showAdmin) ||
    !hasPermission(permissions, PermissionSign.editUsers)
  )
    throw AppError.conflict(AdminUsersText.cannotLockOutSelf);
}

async function loadRole(db: Executor, id: string): Promise<Role> {
  const [row] = await findRoles(db, [id]);
  if (!row) throw AppError.notFound(AdminUsersText.roleNotFound);
  return toRole(row);
}

/** A title another role has (in any letter case), or `custom`, the name of a user's own switches. */
async function refuseTakenTitle(db: Executor, title: string, exceptId?: string): Promise<void> {
  if (title.toLowerCase() === RoleTitle.custom || (await roleTitleTaken(db, title, exceptId)))
    throw AppError.conflict(AdminUsersText.roleTitleTaken);
}

/** Runs a change that may meet a concurrent one with the same title. */
async function withTitleConflict<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(AdminUsersText.roleTitleTaken);
    throw error;
  }
}

export async function listRoles(db: Database): Promise<Role[]> {
  return (await findRoles(db)).map(toRole);
}

export async function getRole(db: Database, id: string): Promise<Role> {
  return loadRole(db, id);
}

/** A new role with every sign off; titles are unique in any letter case. */
export async function createRole(db: Database, actorId: string, title: string): Promise<Role> {
  const id = await withTitleConflict(() =>
    db.transaction(async (tx) => {
      await refuseTakenTitle(tx, title);
      const created = await insertRole(tx, title, [], false);
      await recordAudit(tx, {
        actorId,
        action: AuditAction.create,
        target: { type: AuditTarget.role, id: created, label: title },
        before: null,
        after: { title },
      });
      return created;
    }),
  );
  return loadRole(db, id);
}

/**
 * Renames a role and/or sets some of its signs (the others keep theirs). Admin and User are protected;
 * an actor holding the role cannot take showAdmin or editUsers from it. Its holders are told. The same
 * title and signs again change, log and tell nothing.
 */
export async function updateRole(
  deps: RolesDeps,
  actorId: string,
  id: string,
  change: { title?: string; permissions?: PermissionEntry[] },
): Promise<Role> {
  const followers = await withTitleConflict(() =>
    deps.db.transaction(async (tx) => {
      const role = await lockRole(tx, id, 'update');
      if (!role) throw AppError.notFound(AdminUsersText.roleNotFound);
      if (role.isProtected) throw AppError.forbidden(AdminUsersText.roleProtected);
      const holders = await findRoleFollowers(tx, id);
      const { title, permissions: switches } = change;
      const renamed = title !== undefined && title !== role.title;
      const signs = allSigns((await findRoles(tx, [id]))[0]?.permissions ?? []);
      if (switches) {
        await refuseUngrantable(tx, actorId, { permissions: switches });
        if (holders.includes(actorId)) refuseSelfLockOut(overlay(signs, switches));
      }
      const signsChanged = switches !== undefined && !isDeepStrictEqual(overlay(signs, switches), signs);
      if (!renamed && !signsChanged) return [];
      if (renamed) {
        await refuseTakenTitle(tx, title, id);
        await renameRole(tx, id, title);
      }
      if (signsChanged) await setRolePermissions(tx, id, switches);
      const [after] = await findRoles(tx, [id]);
      await recordAudit(tx, {
        actorId,
        action: AuditAction.update,
        target: { type: AuditTarget.role, id, label: role.title },
        before: { title: role.title, ...grantedSigns(signs) },
        after: { title: after?.title ?? role.title, ...grantedSigns(allSigns(after?.permissions ?? [])) },
      });
      // Signs reach the role's followers; a new title reaches its holders with their own switches too.
      return renamed ? findRoleHolders(tx, id) : holders;
    }),
  );
  await deps.events.permissionsChanged(followers);
  return loadRole(deps.db, id);
}

/**
 * Deletes a role nobody holds: while live users hold it the deletion is refused (they must be given
 * another role first). Deleted accounts that still reference it are moved to User.
 */
export async function removeRole(deps: RolesDeps, actorId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const role = await lockRole(tx, id, 'update');
    if (!role) throw AppError.notFound(AdminUsersText.roleNotFound);
    if (role.isProtected) throw AppError.forbidden(AdminUsersText.roleProtected);
    if ((await countRoleHolders(tx, id)) > 0) throw AppError.conflict(AdminUsersText.roleInUse);
    const [signs] = await findRoles(tx, [id]);
    const userRoleId = await findRoleIdByTitle(tx, RoleTitle.user);
    if (!userRoleId) throw new Error('The User role is missing: the database was not seeded');
    await moveDeletedHolders(tx, id, userRoleId);
    await deleteRole(tx, id);
    await recordAudit(tx, {
      actorId,
      action: AuditAction.delete,
      target: { type: AuditTarget.role, id, label: role.title },
      before: { title: role.title, ...grantedSigns(allSigns(signs?.permissions ?? [])) },
      after: null,
    });
  });
}

/** The nine effective signs of a live user, whether they are their own switches, and the role. */
export async function getUserPermissions(db: Executor, userId: string): Promise<UserPermissions> {
  const user = await findUserRole(db, userId);
  if (!user) throw AppError.notFound(AdminUsersText.userNotFound);
  return {
    permissions: await findEffectivePermissions(db, userId),
    custom: user.custom,
    role: { _id: user.roleId, title: heldRoleTitle(user.roleTitle, user.custom) },
  };
}

/**
 * Gives a user a role, ending their own switches; the user is told. The role they hold, without own
 * switches, changes, logs and tells nothing.
 */
export async function assignRole(
  deps: RolesDeps,
  actorId: string,
  userId: string,
  roleId: string,
): Promise<UserPermissions> {
  const changed = await deps.db.transaction(async (tx) => {
    // The shared lock keeps the role from being deleted until the assignment commits.
    const role = await lockRole(tx, roleId, 'share');
    if (!role) throw AppError.notFound(AdminUsersText.roleNotFound);
    if (!(await lockUserForPermissions(tx, userId))) throw AppError.notFound(AdminUsersText.userNotFound);
    refuseSelf(actorId, userId);
    await refuseBeyondActor(tx, actorId, userId);
    const [withPermissions] = await findRoles(tx, [roleId]);
    await refuseUngrantable(tx, actorId, {
      roleTitle: role.title,
      permissions: withPermissions?.permissions ?? [],
    });
    const before = await findUserRole(tx, userId);
    if (before?.roleId === roleId && !before.custom) return false;
    await assignRoleToUser(tx, userId, roleId);
    await recordAudit(tx, {
      actorId,
      action: AuditAction.role,
      target: await userTarget(tx, userId),
      before: { role: before?.roleTitle ?? null, customPermissions: before?.custom ?? false },
      after: { role: role.title, customPermissions: false },
    });
    return true;
  });
  if (changed) await deps.events.permissionsChanged([userId]);
  return getUserPermissions(deps.db, userId);
}

/**
 * Turns a staff member's own switches on: the given signs over their current permissions. Customers
 * (role User) get a staff role first; the user is told. Own switches set as they are change, log and
 * tell nothing.
 */
export async function assignCustomPermissions(
  deps: RolesDeps,
  actorId: string,
  userId: string,
  switches: readonly PermissionEntry[],
): Promise<UserPermissions> {
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await lockUserForPermissions(tx, userId))) throw AppError.notFound(AdminUsersText.userNotFound);
    const user = await findUserRole(tx, userId);
    if (!user || !isStaffRole(user.roleTitle)) throw AppError.conflict(AdminUsersText.customOnlyForStaff);
    refuseSelf(actorId, userId);
    await refuseBeyondActor(tx, actorId, userId);
    const current = await findEffectivePermissions(tx, userId);
    const permissions = overlay(current, switches);
    await refuseUngrantable(tx, actorId, { permissions });
    if (user.custom && isDeepStrictEqual(allSigns(current), permissions)) return false;
    await setCustomPermissions(tx, userId, permissions);
    await recordAudit(tx, {
      actorId,
      action: AuditAction.permissions,
      target: await userTarget(tx, userId),
      before: { ...grantedSigns(current), customPermissions: user.custom },
      after: { ...grantedSigns(permissions), customPermissions: true },
    });
    return true;
  });
  if (changed) await deps.events.permissionsChanged([userId]);
  return getUserPermissions(deps.db, userId);
}

/** The permissions a user holds, by their Russian description, for the audit log. */
function grantedSigns(permissions: readonly PermissionEntry[]): Record<string, boolean> {
  return Object.fromEntries(permissions.map((entry) => [permissionDescription(entry.sign), entry.status]));
}
