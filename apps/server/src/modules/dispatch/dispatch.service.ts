import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  DispatchText,
  EXTENSION_MINUTES,
  EXTENSION_OFFER_SECONDS,
  ExecutorResult,
  TimeExtensionCode,
  type StaffOrder,
  type TimeExtension,
} from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import { DispatchQueue, orderProcessing, orders } from '../../db/schema/index';
import { findStaffOrder, presentStaffOrders } from '../orders/order-staff-view';
import {
  addExecutorWaiter,
  claimDueOffers,
  claimExpiredAttempts,
  claimMatches,
  countWaitingForDesigner,
  findHeldOrder,
  removeWaiters,
  startAttempt,
} from './dispatch.repository';
import { findOpenShift } from './shifts.repository';

/** What dispatch tells people; the routes wire it to socket.io. */
export interface DispatchEvents {
  orderForExecutor(designerId: string, order: StaffOrder): void;
  timeExtension(designerId: string, payload: TimeExtension): void;
  /** `change orders` to the customer. */
  orderChanged(customerId: string, orderId: string, condition: number): void;
  /** `executor rate` to staff: the designer queue's size changed. */
  executorQueueChanged(size: number): void;
  /** An order entered the review queue (moderation picks it up). */
  reviewQueueChanged(): void;
}

export interface DispatchDeps {
  db: Database;
  now: () => Date;
  events: DispatchEvents;
}

const OFFER_LEAD_MS = EXTENSION_MINUTES * 60_000;
const OFFER_OPEN_MS = EXTENSION_OFFER_SECONDS * 1000;
/** Pairs made in one matching run at most; the next run carries on. */
const MAX_MATCHES_PER_RUN = 500;

export type FindAnswer =
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'searching' }
  | { kind: 'holding'; order: StaffOrder };

/**
 * `executor find` true: a designer on shift joins the queue (or gets back the order they hold);
 * matching runs at once. Off shift the search is refused with the specification's text.
 */
export async function startExecutorSearch(deps: DispatchDeps, designerId: string): Promise<FindAnswer> {
  if (!(await findOpenShift(deps.db, designerId))) {
    return { kind: 'refused', status: 403, message: DispatchText.notOnShift };
  }
  const held = await currentOrderOf(deps, designerId);
  if (held) return { kind: 'holding', order: held };
  await addExecutorWaiter(deps.db, designerId, deps.now());
  await matchOrders(deps);
  return { kind: 'searching' };
}

/** `executor find` false, a shift's end or the last socket gone: the designer leaves the queue. */
export async function stopExecutorSearch(deps: DispatchDeps, designerId: string): Promise<void> {
  await removeWaiters(deps.db, designerId, [DispatchQueue.executor]);
}

/** The order a designer holds, as they see it, or undefined. */
export async function currentOrderOf(deps: DispatchDeps, designerId: string) {
  const held = await findHeldOrder(deps.db, designerId);
  return held ? findStaffOrder(deps.db, held.order.id) : undefined;
}

/** The open extension offer of the designer's running attempt, to repeat it to a reconnecting designer. */
export async function openExtensionOffer(deps: DispatchDeps, designerId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: orderProcessing.id })
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.executorId, designerId),
        isNull(orderProcessing.dateEnd),
        eq(orderProcessing.timeExtension, false),
        gt(orderProcessing.offerExpiresAt, deps.now()),
      ),
    );
  return row !== undefined;
}

/**
 * Hands waiting orders to searching designers until no pair is left, a batch of pairs a transaction,
 * then tells each designer and customer. Safe to run from any number of instances at once; within one
 * process, calls made while a run is going join the next run instead of competing with it.
 */
export function matchOrders(deps: DispatchDeps): Promise<number> {
  const state = matchRuns.get(deps.db) ?? { running: null, again: false };
  matchRuns.set(deps.db, state);
  if (state.running) {
    state.again = true;
    return state.running;
  }
  const run = (async () => {
    let matched = 0;
    try {
      do {
        state.again = false;
        matched += await matchUntilDone(deps);
      } while (state.again);
    } finally {
      state.running = null;
    }
    return matched;
  })();
  state.running = run;
  return run;
}

const matchRuns = new WeakMap<Database, { running: Promise<number> | null; again: boolean }>();

async function matchUntilDone(deps: DispatchDeps): Promise<number> {
  let matched = 0;
  while (matched < MAX_MATCHES_PER_RUN) {
    const now = deps.now();
    const pairs = await deps.db.transaction(async (tx) => {
      const claimed = await claimMatches(tx);
      for (const pair of claimed) {
        await startAttempt(tx, pair.order, pair.designerId, OrderCondition.inWork, now);
      }
      return claimed;
    });
    if (pairs.length === 0) break;
    matched += pairs.length;
    const rows = await deps.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          pairs.map((pair) => pair.order.id),
        ),
      );
    const presented = await presentStaffOrders(deps.db, rows);
    for (const pair of pairs) {
      const order = presented.find((candidate) => candidate._id === pair.order.id);
      if (order) deps.events.orderForExecutor(pair.designerId, order);
      deps.events.orderChanged(pair.order.userId, pair.order.id, OrderCondition.inWork);
    }
  }
  if (matched > 0) deps.events.executorQueueChanged(await countWaitingForDesigner(deps.db));
  return matched;
}

/**
 * The deadline sweeper every instance runs: offers the extension 10 minutes before the hard deadline,
 * expires attempts whose offer lapsed or whose deadline passed (the order waits for another designer),
 * then matches what waits. Rows are claimed with SKIP LOCKED, so each deadline fires once.
 */
export async function sweepDeadlines(deps: DispatchDeps): Promise<void> {
  const expired = await expireAttempts(deps);
  await offerExtensions(deps);
  if (expired > 0) deps.events.executorQueueChanged(await countWaitingForDesigner(deps.db));
  await matchOrders(deps);
}

async function expireAttempts(deps: DispatchDeps): Promise<number> {
  const now = deps.now();
  const expired = await deps.db.transaction(async (tx) => {
    const attempts = await claimExpiredAttempts(tx, now);
    const requeued: Array<{ orderId: string; customerId: string; designerId: string }> = [];
    for (const attempt of attempts) {
      await tx
        .update(orderProcessing)
        .set({ dateEnd: now, resultStatus: ExecutorResult.overdue, offerExpiresAt: null })
        .where(eq(orderProcessing.id, attempt.id));
      const [order] = await tx
        .update(orders)
        .set({ condition: OrderCondition.requeued, executorId: null, dateStart: null, queuedAt: now })
        .where(and(eq(orders.id, attempt.orderId), eq(orders.executorId, attempt.executorId!)))
        .returning({ userId: orders.userId });
      if (order)
        requeued.push({
          orderId: attempt.orderId,
          customerId: order.userId,
          designerId: attempt.executorId!,
        });
    }
    return requeued;
  });
  for (const { orderId, customerId, designerId } of expired) {
    deps.events.timeExtension(designerId, {
      code: TimeExtensionCode.expired,
      message: DispatchText.timeExpired,
    });
    deps.events.orderChanged(customerId, orderId, OrderCondition.requeued);
  }
  return expired.length;
}

async function offerExtensions(deps: DispatchDeps): Promise<void> {
  const now = deps.now();
  const offered = await deps.db.transaction(async (tx) => {
    const due = await claimDueOffers(tx, now, OFFER_LEAD_MS);
    for (const attempt of due) {
      await tx
        .update(orderProcessing)
        .set({ extensionOffered: true, offerExpiresAt: new Date(now.getTime() + OFFER_OPEN_MS) })
        .where(eq(orderProcessing.id, attempt.id));
    }
    return due;
  });
  for (const attempt of offered) {
    deps.events.timeExtension(attempt.executorId!, {
      code: TimeExtensionCode.offer,
      message: DispatchText.extensionOffer,
    });
  }
}

/** The designer accepts the open offer: the countdown runs to the full deadline. False without an open offer. */
export async function acceptExtension(deps: DispatchDeps, designerId: string): Promise<boolean> {
  const accepted = await deps.db
    .update(orderProcessing)
    .set({ timeExtension: true, offerExpiresAt: null })
    .where(
      and(
        eq(orderProcessing.executorId, designerId),
        isNull(orderProcessing.dateEnd),
        eq(orderProcessing.timeExtension, false),
        gt(orderProcessing.offerExpiresAt, deps.now()),
      ),
    )
    .returning({ id: orderProcessing.id });
  return accepted.length > 0;
}
