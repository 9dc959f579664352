import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { PermissionEntry, PermissionSignValue } from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { rolePermissions, roles, userPermissions, users } from '../../db/schema/index';

export interface RoleRow {
  id: string;
  title: string;
  isProtected: boolean;
  permissions: PermissionEntry[];
}

/** Roles with their permission rows: protected ones first, then by creation. */
export async function findRoles(db: Executor, ids?: readonly string[]): Promise<RoleRow[]> {
  const rows = await db
    .select({ id: roles.id, title: roles.title, isProtected: roles.isProtected })
    .from(roles)
    .where(ids ? inArray(roles.id, [...ids]) : undefined)
    .orderBy(desc(roles.isProtected), asc(roles.createdAt), asc(roles.title));
  if (rows.length === 0) return [];
  const permissions = await db
    .select({ roleId: rolePermissions.roleId, sign: rolePermissions.sign, status: rolePermissions.status })
    .from(rolePermissions)
    .where(
      inArray(
        rolePermissions.roleId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    permissions: permissions
      .filter((p) => p.roleId === row.id)
      .map((p) => ({ sign: p.sign as PermissionSignValue, status: p.status })),
  }));
}

/** Locks a role row for the transaction: `update` to change or delete it, `share` to reference it. */
export async function lockRole(db: Executor, id: string, strength: 'update' | 'share') {
  const [row] = await db
    .select({ id: roles.id, title: roles.title, isProtected: roles.isProtected })
    .from(roles)
    .where(eq(roles.id, id))
    .for(strength);
  return row;
}

/** True when another role has this title in any letter case. */
export async function roleTitleTaken(db: Executor, title: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(sql`lower(${roles.title}) = ${title.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined),
    );
  return row !== undefined;
}

export async function renameRole(db: Executor, id: string, title: string): Promise<void> {
  await db.update(roles).set({ title }).where(eq(roles.id, id));
}

/** Sets the given signs of a role; the others keep their status. */
export async function setRolePermissions(
  db: Executor,
  roleId: string,
  switches: readonly PermissionEntry[],
): Promise<void> {
  if (switches.length === 0) return;
  await db
    .insert(rolePermissions)
    .values(switches.map((p) => ({ roleId, sign: p.sign, status: p.status })))
    .onConflictDoUpdate({
      target: [rolePermissions.roleId, rolePermissions.sign],
      set: { status: sql`excluded.status` },
    });
}

/** Live users whose permissions come from the role (not their own switches). */
export async function findRoleFollowers(db: Executor, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.customPermissions, false), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}

/** Live users holding the role, with or without their own switches (a new title reaches them all). */
export async function findRoleHolders(db: Executor, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}

/** How many live users hold the role (with or without their own switches). */
export async function countRoleHolders(db: Executor, roleId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
  return row?.value ?? 0;
}

/** Deleted accounts keep a role reference; before the role goes they are moved to another one. */
export async function moveDeletedHolders(db: Executor, fromRoleId: string, toRoleId: string): Promise<void> {
  await db
    .update(users)
    .set({ roleId: toRoleId })
    .where(and(eq(users.roleId, fromRoleId), isNotNull(users.deletedAt)));
}

export async function deleteRole(db: Executor, id: string): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Locks a live user's row (`no key update`, as `lockLiveUser`); answers the user's role and custom flag. */
export async function lockUserForPermissions(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, custom: users.customPermissions })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('no key update');
  return row;
}

/** A live user's role and custom flag. */
export async function findUserRole(db: Executor, userId: string) {
  const [row] = await db
    .select({ roleId: users.roleId, roleTitle: roles.title, custom: users.customPermissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** Gives the user the role; their own switches end. */
export async function assignRoleToUser(db: Executor, userId: string, roleId: string): Promise<void> {
  await db.update(users).set({ roleId, customPermissions: false }).where(eq(users.id, userId));
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
}

/** Replaces the user's own switches with all nine given and turns them on. */
export async function setCustomPermissions(
  db: Executor,
  userId: string,
  permissions: readonly PermissionEntry[],
): Promise<void> {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  await db
    .insert(userPermissions)
    .values(permissions.map((p) => ({ userId, sign: p.sign, status: p.status })));
  await db.update(users).set({ customPermissions: true }).where(eq(users.id, userId));
}
