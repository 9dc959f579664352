import { defineConfig } from 'vitest/config';

// One run for every unit and integration suite; the browser journeys run under Playwright.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default leaves one of the two cores here idle (available parallelism - 1).
    maxWorkers: 2,
  },
});
