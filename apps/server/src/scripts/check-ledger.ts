// Proves every user's balance equals the sum of their ledger rows; exits 1 and lists them when not.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { findLedgerMismatches } from '../modules/ledger/ledger.repository';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { url: config.DATABASE_URL, poolSize: 2 }
    : { pgliteDir: path.join(config.DATA_DIR, 'pglite') },
);
try {
  const mismatches = await findLedgerMismatches(database.db);
  if (mismatches.length === 0) {
    process.stdout.write('ledger check: every balance equals the sum of its ledger\n');
  } else {
    process.stderr.write(`ledger check: ${mismatches.length} balance(s) differ from the ledger\n`);
    for (const m of mismatches) process.stderr.write(`${JSON.stringify(m)}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
