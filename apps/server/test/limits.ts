import { vi } from 'vitest';

/**
 * The limit of a test that starts an embedded database from nothing (initdb, about 2 s on an idle machine)
 * instead of from the run's template: it took 25 s with both cores busy elsewhere. A limit, not a wait.
 */
export const COLD_EMBEDDED_START_MS = 120_000;

/**
 * vi.waitFor bounded as expect.poll is here (vitest.config.ts): its own default of 1 s failed under load
 * (a push answered after 1 s). A bound on waiting for a state, not a wait.
 */
export function waitForState<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000 });
}
