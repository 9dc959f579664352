import { and, asc, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { RoleTitle } from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { roles, sessions, socialAccounts, users } from '../../db/schema/index';

const adminUserColumns = {
  id: users.id,
  email: users.email,
  giveName: users.giveName,
  familyName: users.familyName,
  balanceMain: users.balanceMain,
  balanceBonus: users.balanceBonus,
  roleId: users.roleId,
  roleTitle: roles.title,
  customPermissions: users.customPermissions,
  createdAt: users.createdAt,
};

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

export interface UserListFilter {
  limit: number;
  page: number;
  date: 'ASC' | 'DESC';
  onlyAdmin?: boolean;
  searchByEmail?: string;
}

/** `%` and `_` typed in a search are literal characters, not patterns. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function listCondition(filter: Pick<UserListFilter, 'onlyAdmin' | 'searchByEmail'>): SQL | undefined {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (filter.onlyAdmin === true) conditions.push(ne(roles.title, RoleTitle.user));
  if (filter.onlyAdmin === false) conditions.push(eq(roles.title, RoleTitle.user));
  if (filter.searchByEmail) conditions.push(ilike(users.email, `%${escapeLike(filter.searchByEmail)}%`));
  return and(...conditions);
}

/** One page of live users, newest or oldest first, and how many match in all. */
export async function findUserPage(db: Executor, filter: UserListFilter) {
  const where = listCondition(filter);
  const order = filter.date === 'ASC' ? asc : desc;
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(order(users.createdAt), order(users.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db
    .select({ value: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Where a page of the export stopped: the last user's creation time (as PostgreSQL wrote it) and id. */
export interface UsersCursor {
  createdAt: string;
  id: string;
}

/** Users an export page reads at once. */
export const USERS_EXPORT_PAGE_SIZE = 500;

/**
 * Every live user the filter keeps, in the table's order, a page at a time after `after` (keyset on
 * created_at and id; the cursor keeps PostgreSQL's microseconds, which a JavaScript date would round away).
 */
export async function findUsersAfter(
  db: Executor,
  filter: Omit<UserListFilter, 'limit' | 'page'>,
  after: UsersCursor | undefined,
  limit = USERS_EXPORT_PAGE_SIZE,
) {
  const past = after
    ? filter.date === 'ASC'
      ? sql`(${users.createdAt}, ${users.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`(${users.createdAt}, ${users.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const order = filter.date === 'ASC' ? asc : desc;
  const rows = await db
    .select({ ...adminUserColumns, cursorAt: sql<string>`${users.createdAt}::text` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(listCondition(filter), past))
    .orderBy(order(users.createdAt), order(users.id))
    .limit(limit);
  return rows.map(({ cursorAt, ...row }) => ({ row, cursor: { createdAt: cursorAt, id: row.id } }));
}

/** A live user as the back office shows them. */
export async function findAdminUser(db: Executor, id: string) {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/**
 * Locks a live user's row for the rest of the transaction; answers its balance, or undefined when gone.
 * `no key update`, as every lock of a users row: the audit entry written next refers to the actor's row,
 * which another admin's change may hold (docs/decisions/0009).
 */
export async function lockLiveUser(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      giveName: users.giveName,
      familyName: users.familyName,
      balanceMain: users.balanceMain,
      balanceBonus: users.balanceBonus,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('no key update');
  return row;
}

/** Ends the user's live sessions but `keepSessionId`; answers the ids it ended. */
export async function revokeSessionsOf(
  db: Executor,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<string[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

/** Marks the user deleted; their orders and ledger rows stay. */
export async function softDeleteUser(db: Executor, id: string, now: Date): Promise<boolean> {
  const deleted = await db
    .update(users)
    .set({ deletedAt: now })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return deleted.length > 0;
}

/** The role's id and title, locked against change or deletion (`for share`) until the transaction ends. */
export async function lockRoleForShare(db: Executor, roleId: string) {
  const [role] = await db
    .select({ id: roles.id, title: roles.title })
    .from(roles)
    .where(eq(roles.id, roleId))
    .for('share');
  return role;
}

/** Erases the account's personal data; its e-mail becomes `email` (unique, undeliverable). */
export async function anonymiseUser(db: Executor, userId: string, email: string): Promise<void> {
  await db
    .update(users)
    .set({
      email,
      giveName: 'Deleted',
      familyName: 'User',
      passwordHash: null,
      picture: null,
    })
    .where(eq(users.id, userId));
}

export async function unlinkSocialAccounts(db: Executor, userId: string): Promise<void> {
  await db.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
}
