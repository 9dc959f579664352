import {
  DispatchText,
  ExecutorResult,
  type CabinetSnapshot,
  type StaffOrder,
} from '@retouch/shared/dispatch';
import type { Database } from '../../db/client';
import { findStaffOrder } from '../orders/order-staff-view';
import type { WorkQueue } from '../work-queue/work-queue.service';
import {
  acceptOpenExtension,
  findHeldOrder,
  findLatestAttempt,
  hasOpenExtensionOffer,
} from './dispatch.repository';
import { findOpenShift } from './shifts.repository';

export interface DispatchDeps {
  db: Database;
  now: () => Date;
}

export type FindAnswer =
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'searching' }
  | { kind: 'holding'; order: StaffOrder };

/**
 * `executor find` true: a designer on shift joins the queue (or gets back the order they hold);
 * matching runs at once. Off shift the search is refused with the specification's text.
 */
export async function startExecutorSearch(
  deps: DispatchDeps,
  designers: WorkQueue,
  designerId: string,
  /** When the designer first asked: a search made again keeps its place. */
  since?: Date,
): Promise<FindAnswer> {
  // Both read at once: a search is one round trip shorter (200 designers asking at once, issue 20).
  const [shift, held] = await Promise.all([
    findOpenShift(deps.db, designerId),
    findHeldOrder(deps.db, designerId),
  ]);
  if (!shift) return { kind: 'refused', status: 403, message: DispatchText.notOnShift };
  const order = held && (await findStaffOrder(deps.db, held.order.id));
  if (order) return { kind: 'holding', order };
  await designers.join(designerId, since);
  return { kind: 'searching' };
}

/** The order a designer holds, as they see it, or undefined. */
export async function currentOrderOf(deps: DispatchDeps, designerId: string) {
  const held = await findHeldOrder(deps.db, designerId);
  return held ? findStaffOrder(deps.db, held.order.id) : undefined;
}

/**
 * The order the designer lost by staying away past the grace period, if that is what their last attempt
 * came to while on the shift still open: their screen may still show it. An order given back by ending
 * the shift is not one (no shift open then, or a later one).
 */
export async function orderLostWhileAway(
  deps: DispatchDeps,
  designerId: string,
): Promise<string | undefined> {
  const [last, shift] = await Promise.all([
    findLatestAttempt(deps.db, designerId),
    findOpenShift(deps.db, designerId),
  ]);
  if (last?.resultStatus !== ExecutorResult.interrupted || !shift || !last.dateEnd) return undefined;
  return shift.startedAt <= last.dateEnd ? last.orderId : undefined;
}

/** `GET /api/executor/state`: the shift, the order in hand and whether its extension offer is open. */
export async function cabinetSnapshot(
  deps: DispatchDeps & { holderGraceSeconds: number },
  designerId: string,
): Promise<CabinetSnapshot> {
  const [shift, order, extensionOffer] = await Promise.all([
    findOpenShift(deps.db, designerId),
    currentOrderOf(deps, designerId),
    openExtensionOffer(deps, designerId),
  ]);
  return {
    shift: { startDate: shift?.startedAt.toISOString() ?? null },
    order: order ?? null,
    extensionOffer,
    holderGraceSeconds: deps.holderGraceSeconds,
  };
}

/** The open extension offer of the designer's running attempt, to repeat it to a reconnecting designer. */
export async function openExtensionOffer(deps: DispatchDeps, designerId: string): Promise<boolean> {
  return hasOpenExtensionOffer(deps.db, designerId, deps.now());
}

/** The designer accepts the open offer: the countdown runs to the full deadline. False without an open offer. */
export async function acceptExtension(deps: DispatchDeps, designerId: string): Promise<boolean> {
  return acceptOpenExtension(deps.db, designerId, deps.now());
}
