import { AdminUsersText } from '@retouch/shared/admin-users';
import {
  hasPermission,
  RoleTitle,
  type PermissionEntry,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findAccess } from './permissions.repository';

/**
 * Nobody grants what they do not hold (issue 35, docs/decisions/0021): a staff member with editUsers
 * may change, delete or give access only to users who hold no sign they lack, never the Admin unless
 * they are one, and never themself (their own role, switches or balance); what they give is within
 * their own signs, and the Admin role only an Admin gives.
 */
interface Access {
  roleTitle: string;
  permissions: PermissionEntry[];
}

const isAdmin = (access: Access) => access.roleTitle === RoleTitle.admin;

/** The signs `permissions` grants that `actor` lacks. */
function beyond(actor: Access, permissions: readonly PermissionEntry[]): PermissionSignValue[] {
  return permissions.filter((p) => p.status && !hasPermission(actor.permissions, p.sign)).map((p) => p.sign);
}

/** The actor's own access: refused for the actor themself. */
export function refuseSelf(actorId: string, userId: string): void {
  if (actorId === userId) throw AppError.forbidden(AdminUsersText.notOnSelf);
}

/**
 * The actor may act on the user: the Admin only by an Admin, and nobody holding a sign the actor lacks.
 * A user that does not exist (or is deleted) is the caller's to answer.
 */
export async function refuseBeyondActor(db: Executor, actorId: string, userId: string): Promise<void> {
  if (actorId === userId) return;
  const [actor, target] = await Promise.all([findAccess(db, actorId), findAccess(db, userId)]);
  if (!actor || !target) return;
  if (isAdmin(target) && !isAdmin(actor)) throw AppError.forbidden(AdminUsersText.adminOnlyByAdmin);
  if (beyond(actor, target.permissions).length > 0) throw AppError.forbidden(AdminUsersText.beyondYourRights);
}

/** The actor may grant these permissions (a role's, or switches): within their own; the Admin role by an Admin. */
export async function refuseUngrantable(
  db: Executor,
  actorId: string,
  grant: { roleTitle?: string; permissions: readonly PermissionEntry[] },
): Promise<void> {
  const actor = await findAccess(db, actorId);
  if (!actor) throw AppError.forbidden(AdminUsersText.cannotGrant);
  if (grant.roleTitle === RoleTitle.admin && !isAdmin(actor))
    throw AppError.forbidden(AdminUsersText.adminOnlyByAdmin);
  if (beyond(actor, grant.permissions).length > 0) throw AppError.forbidden(AdminUsersText.cannotGrant);
}
