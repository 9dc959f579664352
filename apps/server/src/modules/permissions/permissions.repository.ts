import { and, eq, exists, isNull, or, type SQL } from 'drizzle-orm';
import {
  ALL_PERMISSION_SIGNS,
  type PermissionEntry,
  type PermissionSignValue,
} from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { rolePermissions, roles, userPermissions, users } from '../../db/schema/index';

/** The nine signs with their status for a user: the role's, or the user's own switches when custom. */
export async function findEffectivePermissions(db: Executor, userId: string): Promise<PermissionEntry[]> {
  // One query on every guarded request: only the side that applies joins (the other is null).
  const rows = await db
    .select({
      userSign: userPermissions.sign,
      userStatus: userPermissions.status,
      roleSign: rolePermissions.sign,
      roleStatus: rolePermissions.status,
    })
    .from(users)
    .leftJoin(userPermissions, and(eq(userPermissions.userId, users.id), eq(users.customPermissions, true)))
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, users.roleId), eq(users.customPermissions, false)),
    )
    .where(eq(users.id, userId));
  const on = new Set(
    rows.filter((row) => row.userStatus ?? row.roleStatus).map((row) => row.userSign ?? row.roleSign),
  );
  return ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: on.has(sign) }));
}

/**
 * A condition on a query over `users`: the user holds the sign, by their own switches when they have
 * them, else by their role's (the rule of findEffectivePermissions, for counting in SQL).
 */
export function userHoldsSign(db: Executor, sign: PermissionSignValue): SQL {
  const byRole = db
    .select({ sign: rolePermissions.sign })
    .from(rolePermissions)
    .where(
      and(
        eq(rolePermissions.roleId, users.roleId),
        eq(rolePermissions.sign, sign),
        eq(rolePermissions.status, true),
      ),
    );
  const byUser = db
    .select({ sign: userPermissions.sign })
    .from(userPermissions)
    .where(
      and(
        eq(userPermissions.userId, users.id),
        eq(userPermissions.sign, sign),
        eq(userPermissions.status, true),
      ),
    );
  return or(
    and(eq(users.customPermissions, false), exists(byRole)),
    and(eq(users.customPermissions, true), exists(byUser)),
  )!;
}

/** A live user's role and effective permissions, as every guarded request checks them. */
export async function findAccess(db: Executor, userId: string) {
  const [user] = await db
    .select({ roleId: users.roleId, roleTitle: roles.title, custom: users.customPermissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return undefined;
  return { ...user, permissions: await findEffectivePermissions(db, userId) };
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

/** The role of a user who is not deleted. */
export async function findRoleIdOfUser(db: Executor, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ roleId: users.roleId })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user?.roleId;
}
