import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createOffsetClock, systemClock } from './lib/clock';
import { closeOnSignals } from './plugins/shutdown';
import { firstStartLines, seedIfEmpty, type SeededAccount } from './seed';
import { createStorage } from './storage/create-storage';

const startedAt = performance.now();

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { pgliteDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await database.migrate();
  const storage = await createStorage(config);
  const seeded = await seedIfEmpty(database.db, config, storage);
  // Test hooks may move a server's clock (never in production: the configuration refuses TEST_HOOKS there).
  const clock = config.TEST_HOOKS ? createOffsetClock() : systemClock;
  const app = await buildApp(config, { database, storage, clock });
  // A promise nobody awaited that failed (a library's publish while Redis is away, say) is logged: it
  // never ends the process, which Node would otherwise do (docs/decisions/0019).
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });
  // The database closes once the app has closed: in-flight requests answered, work handed back.
  closeOnSignals(app, config.SHUTDOWN_TIMEOUT_MS, () => database.close());

  await app.listen({ port: config.PORT, host: config.HOST });
  printBanner(config, database.driver, seeded);
}

function printBanner(config: Config, driver: string, seeded: SeededAccount[] | null): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    '',
    `Retouch is running at ${config.PUBLIC_URL} (database: ${driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`}, ready in ${seconds} s)`,
  ];
  if (seeded) lines.push(...firstStartLines(seeded));
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Retouch could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
