import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { roles, users } from '../../db/schema/index';

const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  giveName: users.giveName,
  familyName: users.familyName,
  picture: users.picture,
  balanceMain: users.balanceMain,
  balanceBonus: users.balanceBonus,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
  roleId: users.roleId,
  roleTitle: roles.title,
  customPermissions: users.customPermissions,
};

/** A live (not deleted) user with their role title. */
export async function findUserById(db: Executor, id: string) {
  const [user] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user;
}

const liveUserQuery = (db: Database) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('find_live_user');
const liveUserStatements = new WeakMap<Database, ReturnType<typeof liveUserQuery>>();

/**
 * findUserById outside a transaction, as a statement prepared once per database: `GET /api/user/info`
 * runs it on every call, and building the query each time cost three times its round trip (issue 20).
 */
export async function findLiveUser(db: Database, id: string) {
  let statement = liveUserStatements.get(db);
  if (!statement) liveUserStatements.set(db, (statement = liveUserQuery(db)));
  const [user] = await statement.execute({ id });
  return user;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return user;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  giveName: string;
  familyName: string;
  roleId: string;
  emailConfirmedAt?: Date | null;
}

export async function insertUser(db: Executor, user: NewUser): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .returning({ id: users.id });
  if (!row) throw new Error('User was not created');
  return row.id;
}

/** The columns a user's own or an admin's change may write. */
export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'giveName' | 'familyName' | 'picture' | 'passwordHash' | 'emailConfirmedAt' | 'lastActiveAt'
  >
>;

export async function updateUser(db: Executor, id: string, changes: UserChanges): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}
