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

export interface SeededAccount {
  role: string;
  email: string;
  /** Known only when this seed generated or was given it. */
  password: string;
}

export const DEMO_EMAILS = {
  customer: 'customer@retouch.local',
  designer: 'designer@retouch.local',
  moderator: 'moderator@retouch.local',
} as const;
const DEFAULT_ADMIN_EMAIL = 'admin@retouch.local';
const DEFAULT_DEMO_PASSWORD = 'demo-password';

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
      password: string,
      giveName: string,
      familyName: string,
    ) => {
      const userId = await insertUser(tx, {
        email,
        passwordHash: await hashPassword(password),
        giveName,
        familyName,
        roleId: roleIds[role]!,
        emailConfirmedAt: now,
      });
      accounts.push({ role, email, password });
      return userId;
    };

    await addAccount(
      RoleTitle.admin,
      config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
      config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url'),
      'Admin',
      'Retouch',
    );
    if (config.SEED_DEMO) {
      const password = config.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
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
