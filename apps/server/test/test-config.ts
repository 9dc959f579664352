import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';

/** Known credentials of the accounts every test database starts with. */
export const TEST_ADMIN = { email: 'admin@retouch.test', password: 'admin-password' } as const;
export const TEST_DEMO_PASSWORD = 'demo-password';

/** A configuration for tests: its own data folder, quiet logs, generous rate limits. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'retouch-test-')),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    SEED_DEMO: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Tests send many orders, tips and logouts quickly; security/request-limits.test.ts sets low ones.
    ORDER_RATE_LIMIT_PER_MINUTE: '10000',
    ORDER_ACTION_RATE_LIMIT_PER_MINUTE: '10000',
    PASSWORD_CHANGE_RATE_LIMIT_PER_15_MINUTES: '10000',
    PERSON_PROFILE_RATE_LIMIT_PER_MINUTE: '10000',
    LOGOUT_RATE_LIMIT_PER_MINUTE: '10000',
    JOBS_INTERVAL_SECONDS: '0',
    // Tests sweep by hand after moving the clock.
    DISPATCH_SWEEP_INTERVAL_MS: '0',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'retouch-no-web'),
    // Declaring an answer schema must not change a byte of what a route answers.
    EXACT_ANSWERS: 'true',
    ...overrides,
  });
}
