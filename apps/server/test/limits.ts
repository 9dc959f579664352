/**
 * The limit of a test that starts an embedded database from nothing (initdb, about 2 s on an idle machine)
 * instead of from the run's template: it took 25 s with both cores busy elsewhere. A limit, not a wait.
 */
export const COLD_EMBEDDED_START_MS = 120_000;
