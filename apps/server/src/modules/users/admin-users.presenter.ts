import type { AdminUser } from '@retouch/shared/admin-users';
import { heldRoleTitle } from '@retouch/shared/permissions';
import type { AdminUserRow } from './admin-users.repository';

/**
 * A user as the back office's users table shows them (field names of the specification): with their own
 * switches they hold the role `custom`, `_id` naming the role they return to.
 */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    name: { giveName: row.giveName, familyName: row.familyName },
    balance: { main: row.balanceMain, bonus: row.balanceBonus },
    role: { _id: row.roleId, title: heldRoleTitle(row.roleTitle, row.customPermissions) },
    customPermissions: row.customPermissions,
    createdAt: row.createdAt.toISOString(),
  };
}
