import type { Database, Transaction } from '../../db/client';
import type { DispatchQueueName } from '../../db/schema/index';
import { runCommand, type OrderFlowDeps, type Step } from '../order-flow/order-transition';
import { markPresent } from './presence.repository';
import { addWaiter, claimWaiters, dropAbsentWaiters, removeWaiters } from './work-queue.repository';

/** When staff count as gone (docs/decisions/0024-instance-death.md); presence is renewed by a heartbeat. */
export interface PresenceRules {
  /** A searcher not seen this long is offered nothing and leaves the queue. */
  searcherSeconds: number;
  /** Someone holding an order not seen this long loses it: it goes back to the queue. */
  holderGraceSeconds: number;
}

/**
 * What differs between the designers' and the moderators' queues; the engine does the rest (matching
 * with SKIP LOCKED on both sides, sweeping, release).
 */
export interface QueuePolicy<Waiting extends { id: string }> {
  queue: DispatchQueueName;
  /** Orders waiting in the queue, oldest first, locked (rows others hold are skipped). */
  claimWaiting(tx: Transaction, limit: number): Promise<Waiting[]>;
  /** Which of these searchers may take which of these orders. */
  eligibility(
    tx: Transaction,
    waiting: Waiting[],
    staffIds: string[],
  ): Promise<(order: Waiting, staffId: string) => boolean>;
  /** Hands the order to the searcher: one lifecycle step in the matching transaction. */
  assign(step: Step, order: Waiting, staffId: string): Promise<void>;
  /** Holds whose time ran out (deadlines, absent moderators) released in one transaction; answers how many. */
  releaseLapsed(step: Step): Promise<number>;
  /** Holds of staff not seen for `graceSeconds` released in one transaction; answers how many. */
  releaseAbsent(step: Step, graceSeconds: number): Promise<number>;
  /** The staff member's hold ends (stop reviewing, an account gone); answers whether there was one. */
  releaseHeld(step: Step, staffId: string): Promise<boolean>;
  countWaiting(db: Database): Promise<number>;
}

export interface WorkQueue {
  /** The staff member searches (keeping an earlier place), and matching runs. */
  join(staffId: string): Promise<void>;
  leave(staffId: string): Promise<void>;
  /** Pairs waiting orders with searchers until none is left; answers how many. */
  match(): Promise<number>;
  /**
   * Searchers who are gone leave the queue, holds of staff gone past the grace period and holds whose
   * time ran out are released; answers how many holds.
   */
  releaseLapsed(): Promise<number>;
  /** Releases lapsed holds, then matches. */
  sweep(): Promise<void>;
  /** Ends the staff member's hold (the order keeps its turn), then matches. */
  release(staffId: string): Promise<boolean>;
  size(): Promise<number>;
}

/** Orders one matching transaction looks at (and may hand out), oldest first. */
const MATCH_WINDOW = 50;
/** Pairs made in one matching run at most; the next run carries on. */
const MAX_MATCHES_PER_RUN = 500;

interface MatchRun {
  running: Promise<number> | null;
  again: boolean;
}
const matchRuns = new WeakMap<Database, Map<DispatchQueueName, MatchRun>>();

export function createWorkQueue<Waiting extends { id: string }>(
  policy: QueuePolicy<Waiting>,
  deps: OrderFlowDeps,
  presence: PresenceRules,
): WorkQueue {
  async function matchBatch(step: Step): Promise<number> {
    const waiting = await policy.claimWaiting(step.tx, MATCH_WINDOW);
    if (waiting.length === 0) return 0;
    const free = await claimWaiters(step.tx, policy.queue, MATCH_WINDOW * 4, presence.searcherSeconds);
    if (free.length === 0) return 0;
    const mayTake = await policy.eligibility(step.tx, waiting, free);
    let paired = 0;
    for (const order of waiting) {
      const index = free.findIndex((staffId) => mayTake(order, staffId));
      if (index < 0) continue;
      const [staffId] = free.splice(index, 1);
      await policy.assign(step, order, staffId!);
      paired += 1;
    }
    return paired;
  }

  async function matchUntilDone(): Promise<number> {
    let matched = 0;
    while (matched < MAX_MATCHES_PER_RUN) {
      const paired = await runCommand(deps, matchBatch);
      if (paired === 0) break;
      matched += paired;
    }
    return matched;
  }

  /**
   * Safe to run from any number of instances at once; within one process, calls made while a run is
   * going join the next round of that run instead of competing with it.
   */
  function match(): Promise<number> {
    const runs = matchRuns.get(deps.db) ?? new Map<DispatchQueueName, MatchRun>();
    matchRuns.set(deps.db, runs);
    const state = runs.get(policy.queue) ?? { running: null, again: false };
    runs.set(policy.queue, state);
    if (state.running) {
      state.again = true;
      return state.running;
    }
    const run = (async () => {
      let matched = 0;
      try {
        do {
          state.again = false;
          matched += await matchUntilDone();
        } while (state.again);
      } finally {
        state.running = null;
      }
      return matched;
    })();
    state.running = run;
    return run;
  }

  async function releaseLapsed(): Promise<number> {
    await dropAbsentWaiters(deps.db, policy.queue, presence.searcherSeconds);
    const absent = await runCommand(deps, (step) => policy.releaseAbsent(step, presence.holderGraceSeconds));
    return absent + (await runCommand(deps, policy.releaseLapsed));
  }

  return {
    async join(staffId) {
      // Asking for work is being seen: the heartbeat renews it while the staff member stays connected.
      await markPresent(deps.db, staffId);
      await addWaiter(deps.db, staffId, policy.queue, deps.now());
      await match();
    },
    leave: (staffId) => removeWaiters(deps.db, staffId, [policy.queue]),
    match,
    releaseLapsed,
    async sweep() {
      await releaseLapsed();
      await match();
    },
    async release(staffId) {
      const released = await runCommand(deps, async (step) => {
        await removeWaiters(step.tx, staffId, [policy.queue]);
        return policy.releaseHeld(step, staffId);
      });
      if (released) await match();
      return released;
    },
    size: () => policy.countWaiting(deps.db),
  };
}
