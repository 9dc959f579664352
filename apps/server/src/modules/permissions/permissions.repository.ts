import { and, eq } from 'drizzle-orm';
import {
  ALL_PERMISSION_SIGNS,
  type PermissionEntry,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { rolePermissions, roles, userPermissions, users } from '../../db/schema/index';

/** The nine signs with their status for a user: the role's, or the user's own switches when custom. */
export async function findEffectivePermissions(db: Executor, userId: string): Promise<PermissionEntry[]> {
  const [user] = await db
    .select({ roleId: users.roleId, custom: users.customPermissions })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return [];
  const granted = user.custom
    ? await db
        .select({ sign: userPermissions.sign, status: userPermissions.status })
        .from(userPermissions)
        .where(eq(userPermissions.userId, userId))
    : await db
        .select({ sign: rolePermissions.sign, status: rolePermissions.status })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, user.roleId));
  const on = new Set(granted.filter((p) => p.status).map((p) => p.sign));
  return ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.has(sign) }));
}

/** Creates a role with its permission rows. */
export async function insertRole(
  db: Executor,
  title: string,
  signs: readonly PermissionSignValue[],
  isProtected: boolean,
): Promise<string> {
  const [role] = await db.insert(roles).values({ title, isProtected }).returning({ id: roles.id });
  if (!role) throw new Error(`Role ${title} was not created`);
  await db
    .insert(rolePermissions)
    .values(ALL_PERMISSION_SIGNS.map((sign) => ({ roleId: role.id, sign, status: signs.includes(sign) })));
  return role.id;
}

export async function findRoleIdByTitle(db: Executor, title: string): Promise<string | undefined> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.title, title)));
  return role?.id;
}
