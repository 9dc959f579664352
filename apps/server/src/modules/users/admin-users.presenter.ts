import type { AdminUser } from '@retouch/shared/admin-users';
import type { AdminUserRow } from './admin-users.repository';

/** A user as the back office's users table shows them (field names of the specification). */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    name: { giveName: row.giveName, familyName: row.familyName },
    balance: { main: row.balanceMain, bonus: row.balanceBonus },
    role: { _id: row.roleId, title: row.roleTitle },
    customPermissions: row.customPermissions,
    createdAt: row.createdAt.toISOString(),
  };
}
