import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  nextCondition,
  type OrderActionValue,
  type OrderActorValue,
  type OrderFacts,
} from '@retouch/shared/order-flow';
import type { OrderConditionValue } from '@retouch/shared/orders';
import type { Database, Transaction } from '../../db/client';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { PreparedImage } from '../../lib/images';
import { commitWithFiles, type CommitWithFiles } from '../../storage/commit-with-files';
import { publicFilePath, type Storage } from '../../storage/storage';
import type { OrderEvent, OrderEventPort } from './order-events';
import { recordEvents, takeAbandoned, takeRecord } from './order-outbox';
import { isDesignerFree, type OrderRow } from './order-flow.repository';

export interface OrderFlowDeps {
  db: Database;
  storage: Storage;
  now: () => Date;
  events: OrderEventPort;
  /**
   * Test seam (TEST_HOOKS only): runs after a command committed and before its events are taken from
   * the outbox, the window a crash of the instance would hit.
   */
  afterCommit?: () => void;
}

/** One command's transaction: where it writes, what it will announce, and its moment. */
export interface Step {
  tx: Transaction;
  events: OrderEvent[];
  now: Date;
}

/**
 * Runs a command in one transaction; its events are recorded in it (the outbox) and published once it
 * committed, by this instance or, if it dies first, by any instance's sweeper.
 */
export async function runCommand<T>(deps: OrderFlowDeps, work: (step: Step) => Promise<T>): Promise<T> {
  const command = recorded(deps, work);
  const value = await deps.db.transaction(command.run);
  await publishRecord(deps, command.record());
  return value;
}

/** The command's work in its transaction, followed by the outbox record of the events it collected. */
function recorded<T>(deps: OrderFlowDeps, work: (step: Step) => Promise<T>) {
  let record: number | undefined;
  return {
    async run(tx: Transaction): Promise<T> {
      const step: Step = { tx, events: [], now: deps.now() };
      const value = await work(step);
      record = step.events.length > 0 ? await recordEvents(tx, step.events) : undefined;
      return value;
    },
    /** The record the committed transaction wrote, if it collected events. */
    record: () => record,
  };
}

/**
 * `runCommand` for a command whose pictures are stored first (`commitWithFiles`): they are removed when
 * it fails. A command whose COMMIT answer was lost but landed is published all the same.
 */
export async function runCommandWithFiles<T>(
  deps: OrderFlowDeps,
  keys: readonly string[],
  work: (step: Step) => Promise<T>,
  landed: () => Promise<boolean>,
): Promise<CommitWithFiles<T>> {
  const command = recorded(deps, work);
  const committed = await commitWithFiles(deps, keys, command.run, landed);
  if (committed.answered) await publishRecord(deps, command.record());
  // Landed without an answer: the database may still be coming back; a sweeper publishes it then.
  else await publishRecord(deps, command.record()).catch(() => undefined);
  return committed;
}

async function publishRecord(deps: OrderFlowDeps, record: number | undefined): Promise<void> {
  if (record === undefined) return;
  deps.afterCommit?.();
  const events = await takeRecord(deps.db, record);
  if (events) await deps.events.publish(events);
}

/** Publishes the events of commands whose instance died before it could; answers how many commands. */
export async function publishAbandoned(deps: OrderFlowDeps): Promise<number> {
  const records = await takeAbandoned(deps.db);
  for (const events of records) await deps.events.publish(events);
  return records.length;
}

/** What decides among a transition's targets, read from the order (and the designer it may go back to). */
export async function factsOf(
  tx: Transaction,
  order: OrderRow,
  designerId?: string | null,
): Promise<OrderFacts> {
  return {
    delivered: order.finalPicture !== null,
    // Written in the tip's transaction, with its ledger entry.
    tipped: order.tippedAt !== null,
    designerFree: designerId ? await isDesignerFree(tx, designerId) : false,
  };
}

export interface Move {
  action: OrderActionValue;
  actor: OrderActorValue;
  facts: OrderFacts;
  /** The 409 answer when the table does not allow the move (the caller's wording). */
  refused: string;
  /** Other columns written with the condition. */
  set?: Partial<typeof orders.$inferInsert>;
}

/**
 * The one write of `orders.condition`: the target comes from the transition table and the order's
 * facts; the write is guarded on the condition read (with the row locked it cannot have moved).
 */
export async function moveOrder(step: Step, order: OrderRow, move: Move): Promise<OrderConditionValue> {
  const from = order.condition as OrderConditionValue;
  const to = nextCondition(from, move.action, move.actor, move.facts);
  if (to === undefined) throw AppError.conflict(move.refused);
  const moved = await step.tx
    .update(orders)
    .set({ ...move.set, condition: to })
    .where(and(eq(orders.id, order.id), eq(orders.condition, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw AppError.conflict(move.refused);
  step.events.push({ kind: 'conditionChanged', orderId: order.id, customerId: order.userId, from, to });
  return to;
}

/**
 * Stores a staff member's picture (a designer's result, a moderator's fix) in the folder of the order
 * they hold now, before the command's transaction, which checks the order is still theirs; in the
 * order's folder, so the order's access rule covers it (docs/decisions/0017). 409 `noOrder` if none.
 */
export async function storeHeldOrderPicture(
  deps: OrderFlowDeps,
  holder: { column: 'executorId' | 'reviewerId'; staffId: string; noOrder: string },
  name: 'result' | 'review',
  prepared: PreparedImage,
): Promise<{ orderId: string; key: string; path: string }> {
  const [held] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders[holder.column], holder.staffId));
  if (!held) throw AppError.conflict(holder.noOrder);
  const key = `orders/${held.id}/${name}-${randomUUID()}.${prepared.extension}`;
  await deps.storage.put(key, prepared.data, prepared.contentType);
  return { orderId: held.id, key, path: publicFilePath(key) };
}
