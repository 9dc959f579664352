import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../seed';
import { createStorage } from '../storage/create-storage';
import { testConfig } from '../../test/test-config';
import { COLD_EMBEDDED_START_MS } from '../../test/limits';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./check-ledger.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
let dataDir: string;

async function checkLedger(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(tsx, [script], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-ledger-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const config = testConfig({ DATA_DIR: dataDir });
  await seedIfEmpty(database.db, config, await createStorage(config));
  await database.close();
}, COLD_EMBEDDED_START_MS);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run check:ledger', () => {
  it(
    'passes when every balance equals its ledger and fails on a balance changed by hand',
    async () => {
      expect(await checkLedger()).toMatchObject({
        code: 0,
        output: expect.stringContaining('every balance equals'),
      });

      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await database.db.execute(
        sql`update users set balance_main = balance_main + 5 where email = 'customer@retouch.local'`,
      );
      await database.close();

      const failed = await checkLedger();
      expect(failed.code).toBe(1);
      expect(failed.output).toContain('customer@retouch.local');
    },
    COLD_EMBEDDED_START_MS,
  );
});
