import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import {
  nextCondition,
  type OrderActionValue,
  type OrderActorValue,
  type OrderFacts,
} from '@retouch/shared/order-flow';
import type { OrderConditionValue } from '@retouch/shared/orders';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PreparedImage } from '../../lib/images';
import { commitWithFiles, type CommitWithFiles } from '../../storage/commit-with-files';
import { publicFilePath, type Storage } from '../../storage/storage';
import type { OrderEvent, OrderEventPort } from './order-events';
import { recordDeliveries } from './deliveries.repository';
import { recordEvents, takeAbandoned, takeRecord } from './order-outbox.repository';
import {
  findHeldOrderId,
  isDesignerFree,
  updateOrderCondition,
  updateOrderConditions,
  type OrderChanges,
  type OrderRow,
} from './order-flow.repository';

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
  /**
   * Work the committing instance starts the moment a command committed, before its events are published
   * (the work queues match the orders that entered them); awaited with the publishing, never throws.
   */
  onCommit?: (events: readonly OrderEvent[]) => Promise<void>;
}

/** A command's committed transaction, as told on `commandCommitted`. */
export interface CommandCommitted {
  events: readonly OrderEvent[];
}

/**
 * Told, synchronously, the moment a command's transaction committed, before its events are published:
 * an observation point (the dispatch bench times an order's way to a designer from it). Costs nothing
 * while nobody subscribes.
 */
export const commandCommitted = diagnostics.channel('retouch:order-flow:command-committed');

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
  await followCommit(deps, command);
  return value;
}

type RecordedCommand = ReturnType<typeof recorded>;

/** The command's work in its transaction, followed by the outbox record of the events it collected. */
function recorded<T>(deps: OrderFlowDeps, work: (step: Step) => Promise<T>) {
  let record: number | undefined;
  let events: readonly OrderEvent[] = [];
  return {
    async run(tx: Transaction): Promise<T> {
      const step: Step = { tx, events: [], now: deps.now() };
      const value = await work(step);
      events = step.events;
      record = step.events.length > 0 ? await recordEvents(tx, step.events) : undefined;
      await recordDeliveries(tx, step.events);
      return value;
    },
    /** The events the committed transaction collected. */
    events: () => events,
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
  if (committed.answered) await followCommit(deps, command);
  // Landed without an answer: the database may still be coming back; a sweeper publishes it then.
  else await followCommit(deps, command).catch(() => undefined);
  return committed;
}

/**
 * After the commit: observers are told at once, the work the events call for starts at once on this
 * instance (no round trip first), and the events are published.
 */
async function followCommit(deps: OrderFlowDeps, command: RecordedCommand): Promise<void> {
  const events = command.events();
  commandCommitted.publish({ events } satisfies CommandCommitted);
  const record = command.record();
  if (record === undefined) return;
  deps.afterCommit?.();
  const following = deps.onCommit?.(events);
  try {
    await publishRecord(deps, record, events);
  } finally {
    await following;
  }
}

/** Per event port, the publishing of the command that committed last on this instance. */
const lastPublishing = new WeakMap<OrderEventPort, Promise<unknown>>();

/**
 * Takes the command's record and publishes its events, after those of the commands that committed before
 * it on this instance: a match made at once must not overtake the send it matched. What the publishing
 * needs is loaded while the record is taken.
 */
async function publishRecord(
  deps: OrderFlowDeps,
  record: number,
  events: readonly OrderEvent[],
): Promise<void> {
  const port = deps.events;
  const earlier = lastPublishing.get(port);
  const publishing = Promise.all([takeRecord(deps.db, record), publisherOf(port, events)]).then(
    async ([taken, publish]) => {
      await earlier;
      if (taken) await publish();
    },
  );
  lastPublishing.set(
    port,
    publishing.catch(() => undefined),
  );
  await publishing;
}

function publisherOf(port: OrderEventPort, events: readonly OrderEvent[]) {
  return port.prepare ? port.prepare(events) : Promise.resolve(() => port.publish(events));
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
  set?: OrderChanges;
}

/**
 * The one write of `orders.condition`: the target comes from the transition table and the order's
 * facts; the write is guarded on the condition read (with the row locked it cannot have moved).
 */
export async function moveOrder(step: Step, order: OrderRow, move: Move): Promise<OrderConditionValue> {
  const from = order.condition as OrderConditionValue;
  const to = nextCondition(from, move.action, move.actor, move.facts);
  if (to === undefined) throw AppError.conflict(move.refused);
  if (!(await updateOrderCondition(step.tx, order.id, from, to, move.set))) {
    throw AppError.conflict(move.refused);
  }
  step.events.push({ kind: 'conditionChanged', orderId: order.id, customerId: order.userId, from, to });
  return to;
}

/**
 * `moveOrder` for several orders in one statement (matching hands out a batch): each target from the
 * transition table and each write guarded on the condition read, as there; one refused refuses them
 * all. The moves set the same columns, each to its own value.
 */
export async function moveOrders(
  step: Step,
  moves: ReadonlyArray<{ order: OrderRow; move: Move }>,
): Promise<void> {
  const planned = moves.map(({ order, move }) => {
    const from = order.condition as OrderConditionValue;
    const to = nextCondition(from, move.action, move.actor, move.facts);
    if (to === undefined) throw AppError.conflict(move.refused);
    return { order, set: move.set ?? {}, from, to };
  });
  const [first] = moves;
  if (!first) return;
  const moved = await updateOrderConditions(
    step.tx,
    planned.map(({ order, set, from, to }) => ({ orderId: order.id, set, from, to })),
    first.move.set ?? {},
  );
  if (moved !== planned.length) throw AppError.conflict(first.move.refused);
  for (const { order, from, to } of planned) {
    step.events.push({ kind: 'conditionChanged', orderId: order.id, customerId: order.userId, from, to });
  }
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
  const heldId = await findHeldOrderId(deps.db, holder.column, holder.staffId);
  if (!heldId) throw AppError.conflict(holder.noOrder);
  const key = `orders/${heldId}/${name}-${randomUUID()}.${prepared.extension}`;
  await deps.storage.put(key, prepared.data, prepared.contentType);
  return { orderId: heldId, key, path: publicFilePath(key) };
}
