import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import { RoleTitle, SEED_ROLE_SIGNS, PROTECTED_ROLE_TITLES } from '@retouch/shared/permissions';
import type { Config } from './config';
import type { Database } from './db/client';
import { LedgerReason, roles } from './db/schema/index';
import { AdvisoryLock, lockForTransaction } from './db/locks';
import { hashPassword } from './lib/passwords';
import { applyLedgerEntry } from './modules/ledger/ledger.service';
import { insertRole } from './modules/permissions/permissions.repository';
import { insertUser } from './modules/users/users.repository';
import { seedDefaultPackages } from './modules/payments/products.service';
import { seedDemoCatalog } from './seed-catalog';
import type { Storage } from './storage/storage';

/** What the start banner may say of an account's first password: the password only when it is no secret of the operator's. */
type PasswordNotice =
  { generated: string } | { publicDefault: string } | { givenIn: 'ADMIN_PASSWORD' | 'DEMO_PASSWORD' };

export interface SeededAccount {
  role: string;
  email: string;
  password: PasswordNotice;
}

interface FirstPassword {
  plain: string;
  notice: PasswordNotice;
}

export const DEMO_EMAILS = {
  customer: 'customer@retouch.local',
  designer: 'designer@retouch.local',
  moderator: 'moderator@retouch.local',
} as const;
const DEFAULT_ADMIN_EMAIL = 'admin@retouch.local';
const DEFAULT_DEMO_PASSWORD = 'demo-password';

function describePassword(password: PasswordNotice): string {
  if ('generated' in password) return `${password.generated} (generated)`;
  if ('givenIn' in password) return `the password given in ${password.givenIn}`;
  return `${password.publicDefault} (the demo default: set DEMO_PASSWORD to change it)`;
}

/**
 * The start banner's lines about the accounts a first start created. A password the operator gave is
 * never printed (logs outlive the terminal); a generated one is, since it is known nowhere else.
 */
export function firstStartLines(accounts: SeededAccount[]): string[] {
  const generated = accounts.some((account) => 'generated' in account.password);
  return [
    `Accounts created on this first start${generated ? ' (a generated password is shown only now)' : ''}:`,
    ...accounts.map(
      (account) =>
        `  ${account.role.padEnd(10)} ${account.email.padEnd(28)} ${describePassword(account.password)}`,
    ),
  ];
}

/** The admin's password (given, or generated here) and the demo accounts' (given, or the public default). */
function firstPasswords(config: Config): { admin: FirstPassword; demo: FirstPassword } {
  const generated = randomBytes(9).toString('base64url');
  return {
    admin: config.ADMIN_PASSWORD
      ? { plain: config.ADMIN_PASSWORD, notice: { givenIn: 'ADMIN_PASSWORD' } }
      : { plain: generated, notice: { generated } },
    demo: config.DEMO_PASSWORD
      ? { plain: config.DEMO_PASSWORD, notice: { givenIn: 'DEMO_PASSWORD' } }
      : { plain: DEFAULT_DEMO_PASSWORD, notice: { publicDefault: DEFAULT_DEMO_PASSWORD } },
  };
}

/** Fills an empty database: roles, the admin, and outside production the demo accounts. Returns null if not empty. */
export async function seedIfEmpty(
  db: Database,
  config: Config,
  storage: Storage,
  now: Date = new Date(),
): Promise<SeededAccount[] | null> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several instances.
    await lockForTransaction(tx, AdvisoryLock.seed);
    const [existing] = await tx.select({ value: count() }).from(roles);
    if ((existing?.value ?? 0) > 0) return null;

    const roleIds: Record<string, string> = {};
    for (const [title, signs] of Object.entries(SEED_ROLE_SIGNS)) {
      roleIds[title] = await insertRole(tx, title, signs, PROTECTED_ROLE_TITLES.includes(title));
    }
    await seedDefaultPackages(tx);
    const accounts: SeededAccount[] = [];
    const addAccount = async (
      role: string,
      email: string,
      password: FirstPassword,
      giveName: string,
      familyName: string,
    ) => {
      const userId = await insertUser(tx, {
        email,
        passwordHash: await hashPassword(password.plain),
        giveName,
        familyName,
        roleId: roleIds[role]!,
        emailConfirmedAt: now,
      });
      accounts.push({ role, email, password: password.notice });
      return userId;
    };

    const passwords = firstPasswords(config);
    await addAccount(
      RoleTitle.admin,
      config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
      passwords.admin,
      'Admin',
      'Retouch',
    );
    if (config.SEED_DEMO) {
      const password = passwords.demo;
      const customerId = await addAccount(RoleTitle.user, DEMO_EMAILS.customer, password, 'Demo', 'Customer');
      await applyLedgerEntry(tx, {
        userId: customerId,
        deltaMain: 0,
        deltaBonus: REGISTRATION_BONUS_TOKENS,
        reason: LedgerReason.registrationBonus,
        idempotencyKey: `registration-bonus:${customerId}`,
      });
      await addAccount(RoleTitle.designer, DEMO_EMAILS.designer, password, 'Demo', 'Designer');
      await addAccount(RoleTitle.moderator, DEMO_EMAILS.moderator, password, 'Demo', 'Moderator');
      await seedDemoCatalog(tx, storage);
    }
    return accounts;
  });
}
