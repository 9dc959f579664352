import { defineConfig } from 'vitest/config';

// One run for every unit and integration suite; the browser journeys run under Playwright.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      // The repository's own scripts (npm test's wrapper).
      // Each test starts a runner of its own: seconds with both cores busy.
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
    // Vitest's default leaves one of the two cores here idle (available parallelism - 1).
    maxWorkers: 2,
    // Reported, never enforced (no thresholds): a summary in the log, the detail in coverage/index.html.
    // On in CI (.ci/run sets COVERAGE=1) or with `--coverage`; off by default, so that a run of a few
    // files does not print a summary of the whole code base. It cost about 1 % of the run's time.
    coverage: {
      enabled: process.env.COVERAGE === '1',
      provider: 'v8',
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'coverage',
      include: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
      exclude: [
        '**/*.test.{ts,tsx}',
        '**/test/**',
        '**/*.fixtures.ts',
        '**/*.d.ts',
        'apps/server/src/db/migrations/**',
        '**/dist/**',
      ],
    },
  },
});
