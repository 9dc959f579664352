import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// The local OpenID Connect provider of global-setup.ts, standing in for Google.
process.env.E2E_OAUTH_PORT ??= String(port + 1);
// Set once in the main process; the workers inherit it, so the tests read the server's own outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'retouch-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin@retouch.local';
process.env.E2E_ADMIN_PASSWORD ??= 'admin-password-e2e';
process.env.E2E_DEMO_PASSWORD ??= 'customer123';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // A limit, not a timing assertion: journeys of several pages took up to 56 s on a loaded two-core
  // machine, and one ran past a minute.
  timeout: 120_000,
  // A bound on waiting for a state, not a wait: the editor's code took 1 s to run on a quiet machine and
  // over 10 s in a CI run whose journeys went 2.5 times slower than here (its page request alone took 4.5 s).
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: 'journeys', testIgnore: /(staff|moderation)\/|review-viewer\.spec\.ts/ },
    // Staff take whatever order waits, so their journeys run once the customers' journeys are done,
    // and the seeded designer's journeys one project after the other.
    // Its journeys share the seeded designer (and empty the queues at their start): one at a time.
    { name: 'staff', testMatch: /staff\/.*\.spec\.ts/, dependencies: ['journeys'], workers: 1 },
    { name: 'moderation', testMatch: /moderation\/.*\.spec\.ts/, dependencies: ['staff'] },
    // Its order goes through the seeded designer and moderator too: after theirs.
    { name: 'review-viewer', testMatch: /review-viewer\.spec\.ts/, dependencies: ['moderation'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // As a user who asked for reduced motion: dialogs appear at once. A Cancel zooming in moved under
    // the click aimed at it, which then landed beside it (CI: "Replace the photo?" stayed open).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The product as `npm start` runs it: built web app, embedded database, first-start seed.
    command: 'node scripts/start.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
      NODE_ENV: 'development',
      // Set-up routes under /api/test for states that need staff work (apps/server/src/modules/test-hooks).
      TEST_HOOKS: 'true',
      GOOGLE_CLIENT_ID: 'e2e-client',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER: `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
});
