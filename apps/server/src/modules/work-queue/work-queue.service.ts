import type { Database, Transaction } from '../../db/client';
import type { DispatchQueueName } from '../../db/values';
import { runCommand, type OrderFlowDeps, type Step } from '../order-flow/order-transition';
import { claimDueDeliveries, dropStaleDeliveries, endDelivery } from '../order-flow/deliveries.repository';
import {
  addWaiter,
  claimSearchers,
  dropAbsentWaiters,
  removeWaiters,
  removeWaitersThrough,
  waitingThrough,
} from './work-queue.repository';

/** When staff count as gone (docs/decisions/0024-instance-death.md); presence is renewed by a heartbeat. */
export interface PresenceRules {
  /** A searcher not seen this long is offered nothing and leaves the queue. */
  searcherSeconds: number;
  /** Someone holding an order not seen this long loses it: it goes back to the queue. */
  holderGraceSeconds: number;
  /**
   * This instance's liveness key (instance-liveness.ts): the searches its sockets make are offered
   * work only while it lives. Without one, presence alone decides.
   */
  instanceKey?: number;
  /** Work handed out and not confirmed by the client: sent again, then handed back (decision 46). */
  delivery?: { resendSeconds: number; giveUpSeconds: number };
}

/** Unconfirmed deliveries handled in one sweeping transaction. */
const DELIVERY_BATCH = 100;

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
  /** Hands each order to its searcher: lifecycle steps in the matching transaction. */
  assign(step: Step, pairs: Array<{ order: Waiting; staffId: string }>): Promise<void>;
  /** Holds whose time ran out (deadlines, absent moderators) released in one transaction; answers how many. */
  releaseLapsed(step: Step): Promise<number>;
  /** Holds of staff not seen for `graceSeconds` released in one transaction; answers how many. */
  releaseAbsent(step: Step, graceSeconds: number): Promise<number>;
  /** The staff member's hold ends (stop reviewing, an account gone); answers whether there was one. */
  releaseHeld(step: Step, staffId: string): Promise<boolean>;
  countWaiting(db: Database): Promise<number>;
}

export interface WorkQueue {
  /**
   * The staff member searches (keeping an earlier place; `since` places a search made again), through
   * this instance, and matching runs.
   */
  join(staffId: string, since?: Date): Promise<void>;
  leave(staffId: string): Promise<void>;
  /** Their search through this instance ends (their socket here closed); one through another stays. */
  leaveHere(staffId: string): Promise<void>;
  /** Of these staff members, those whose search through this instance is recorded. */
  waitingHere(staffIds: readonly string[]): Promise<string[]>;
  /**
   * Work handed out that the client has not confirmed is sent again, or handed back to the queue once
   * it has waited too long; answers how many were handed back.
   */
  redeliver(): Promise<number>;
  /** Pairs waiting orders with searchers until none is left; answers how many. */
  match(): Promise<number>;
  /** Resolves once no matching of this queue runs in this process (a run going on has ended). */
  idle(): Promise<void>;
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
/** Searchers claimed at a time once the first page (as many as the orders) left some order unpaired. */
const SEARCHER_PAGE = 200;
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
  /**
   * One matching transaction: the oldest waiting orders, each to the longest-waiting searcher who may take
   * it. Searchers are claimed a page at a time, as many as there are orders first: a page's searchers are
   * offered every order still unpaired before the next page is read, which pairs as if all were read at
   * once, and usually one page does.
   */
  async function matchBatch(step: Step): Promise<number> {
    const waiting = await policy.claimWaiting(step.tx, MATCH_WINDOW);
    const takers = new Map<string, string>();
    let unpaired = waiting;
    const claimed: string[] = [];
    let page = waiting.length;
    while (unpaired.length > 0) {
      const searchers = await claimSearchers(step.tx, {
        queue: policy.queue,
        limit: page,
        presentSeconds: presence.searcherSeconds,
        passed: claimed,
      });
      claimed.push(...searchers);
      const lastPage = searchers.length < page;
      const mayTake = await policy.eligibility(step.tx, unpaired, searchers);
      unpaired = unpaired.filter((order) => {
        const index = searchers.findIndex((staffId) => mayTake(order, staffId));
        if (index < 0) return true;
        takers.set(order.id, searchers.splice(index, 1)[0]!);
        return false;
      });
      if (lastPage) break;
      page = SEARCHER_PAGE;
    }
    const pairs = waiting.flatMap((order) => {
      const staffId = takers.get(order.id);
      return staffId ? [{ order, staffId }] : [];
    });
    if (pairs.length > 0) await policy.assign(step, pairs);
    return pairs.length;
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
  function runState(): MatchRun {
    const runs = matchRuns.get(deps.db) ?? new Map<DispatchQueueName, MatchRun>();
    matchRuns.set(deps.db, runs);
    const state = runs.get(policy.queue) ?? { running: null, again: false };
    runs.set(policy.queue, state);
    return state;
  }

  function match(): Promise<number> {
    const state = runState();
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

  async function redeliver(): Promise<number> {
    const rules = presence.delivery;
    if (!rules) return 0;
    await dropStaleDeliveries(deps.db, policy.queue);
    const handedBack = await runCommand(deps, async (step) => {
      const due = await claimDueDeliveries(step.tx, { queue: policy.queue, ...rules, limit: DELIVERY_BATCH });
      let released = 0;
      for (const delivery of due) {
        if (delivery.givenUp) {
          // Never confirmed: the client cannot be reached; the order keeps its turn for someone else.
          if (await policy.releaseHeld(step, delivery.staffId)) released += 1;
          await endDelivery(step.tx, delivery.orderId, delivery.staffId);
        } else {
          const { orderId, staffId } = delivery;
          step.events.push({ kind: 'assigned', queue: policy.queue, orderId, staffId });
        }
      }
      return released;
    });
    if (handedBack > 0) await match();
    return handedBack;
  }

  const instanceKey = presence.instanceKey ?? null;
  return {
    async join(staffId, since) {
      // Seen as they ask: the heartbeat renews it while the staff member stays connected.
      await addWaiter(deps.db, staffId, policy.queue, since ?? deps.now(), instanceKey);
      await match();
    },
    leave: (staffId) => removeWaiters(deps.db, staffId, [policy.queue]),
    leaveHere: (staffId) =>
      instanceKey === null
        ? removeWaiters(deps.db, staffId, [policy.queue])
        : removeWaitersThrough(deps.db, staffId, [policy.queue], instanceKey),
    waitingHere: async (staffIds) =>
      instanceKey === null ? [...staffIds] : waitingThrough(deps.db, policy.queue, staffIds, instanceKey),
    redeliver,
    match,
    async idle() {
      await runState().running?.catch(() => undefined);
    },
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
