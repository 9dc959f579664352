/** Order condition codes (customer-side section 4, DESIGN section 3). */
export const OrderCondition = {
  new: 0,
  inWork: 1,
  resultReview: 2,
  refusalReview: 3,
  fixing: 4,
  revision: 5,
  done: 6,
  requeued: 7,
  refused: 8,
  cancelled: 9,
  doneTipped: 10,
} as const;
export type OrderConditionValue = (typeof OrderCondition)[keyof typeof OrderCondition];

/**
 * The order lifecycle in one place (DESIGN section 3, issue 17): who may do what to an order in which
 * condition, and where it goes. Every write of `orders.condition`, on the server and in test set-ups,
 * goes through `nextCondition`; the screens read their status groups from here.
 */

/** What happens to an order. */
export const OrderAction = {
  /** The customer sends (and pays for) a new order. */
  send: 'send',
  /** The dispatcher hands a waiting order to a designer. */
  match: 'match',
  /** The designer uploads the result: it waits for review. */
  deliver: 'deliver',
  /** The moderator approves the result: the customer gets it. */
  approve: 'approve',
  /** The moderator sends the result back with a marked-up picture: to its designer if free, else the queue. */
  returnForFix: 'returnForFix',
  /** The designer refuses the order with a reason: the refusal waits for review. */
  refuse: 'refuse',
  /** The moderator agrees with a refusal: refused and refunded, or (a revision) back to delivered. */
  agreeRefusal: 'agreeRefusal',
  /** The moderator disagrees with a refusal: the order waits for another designer. */
  disagreeRefusal: 'disagreeRefusal',
  /** The customer asks for a revision of a delivered order: to its designer if free, else the queue. */
  askRevision: 'askRevision',
  /** The customer tips the designer of a delivered order, once. */
  tip: 'tip',
  /** Staff cancel an unfinished order: the customer gets back what it took. */
  cancel: 'cancel',
  /** The attempt's deadline (or the extension offer) passed: the order waits for another designer. */
  expire: 'expire',
  /** The designer holding the order can hold it no longer (their account is gone): back to the queue. */
  requeue: 'requeue',
} as const;
export type OrderActionValue = (typeof OrderAction)[keyof typeof OrderAction];

/** Who acts. `system` is the server itself: the dispatcher and the deadline sweeper. */
export const OrderActor = {
  customer: 'customer',
  designer: 'designer',
  moderator: 'moderator',
  staff: 'staff',
  system: 'system',
} as const;
export type OrderActorValue = (typeof OrderActor)[keyof typeof OrderActor];

export interface Transition {
  /** Conditions the action starts from; `null` is an order that does not exist yet. */
  from: ReadonlyArray<OrderConditionValue | null>;
  action: OrderActionValue;
  actor: OrderActorValue;
  /** Conditions the action may lead to; which one is decided by `nextCondition` from the order's facts. */
  to: readonly OrderConditionValue[];
}

const C = OrderCondition;
const HELD = [C.inWork, C.fixing, C.revision] as const;

/** The allowed transitions, and no others. */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  { from: [null], action: OrderAction.send, actor: OrderActor.customer, to: [C.new] },
  { from: [C.new, C.requeued], action: OrderAction.match, actor: OrderActor.system, to: [C.inWork] },
  { from: HELD, action: OrderAction.deliver, actor: OrderActor.designer, to: [C.resultReview] },
  { from: HELD, action: OrderAction.refuse, actor: OrderActor.designer, to: [C.refusalReview] },
  { from: HELD, action: OrderAction.expire, actor: OrderActor.system, to: [C.requeued] },
  { from: HELD, action: OrderAction.requeue, actor: OrderActor.system, to: [C.requeued] },
  {
    from: [C.resultReview],
    action: OrderAction.approve,
    actor: OrderActor.moderator,
    to: [C.done, C.doneTipped],
  },
  {
    from: [C.resultReview],
    action: OrderAction.returnForFix,
    actor: OrderActor.moderator,
    to: [C.fixing, C.requeued],
  },
  {
    from: [C.refusalReview],
    action: OrderAction.agreeRefusal,
    actor: OrderActor.moderator,
    to: [C.refused, C.done, C.doneTipped],
  },
  {
    from: [C.refusalReview],
    action: OrderAction.disagreeRefusal,
    actor: OrderActor.moderator,
    to: [C.requeued],
  },
  {
    from: [C.done, C.doneTipped],
    action: OrderAction.askRevision,
    actor: OrderActor.customer,
    to: [C.revision, C.requeued],
  },
  { from: [C.done], action: OrderAction.tip, actor: OrderActor.customer, to: [C.doneTipped] },
  {
    from: [C.new, C.inWork, C.resultReview, C.refusalReview, C.fixing, C.revision, C.requeued],
    action: OrderAction.cancel,
    actor: OrderActor.staff,
    to: [C.cancelled],
  },
];

/** What decides among a transition's targets: facts of the order, never of the request. */
export interface OrderFacts {
  /** A result was delivered to the customer once (the order has a final picture). */
  delivered: boolean;
  /** The customer has tipped (the ledger holds the order's tip). */
  tipped: boolean;
  /** The designer the order would go back to (a fix, a revision) is on shift and holds nothing. */
  designerFree?: boolean;
}

/** The transition row for an action from a condition by an actor, or undefined when none is allowed. */
export function findTransition(
  from: OrderConditionValue | null,
  action: OrderActionValue,
  actor: OrderActorValue,
): Transition | undefined {
  return ORDER_TRANSITIONS.find(
    (row) => row.action === action && row.actor === actor && row.from.includes(from),
  );
}

/** Whether the table allows going from one condition to another by this action and actor. */
export function isAllowedTransition(
  from: OrderConditionValue | null,
  action: OrderActionValue,
  actor: OrderActorValue,
  to: OrderConditionValue,
): boolean {
  return findTransition(from, action, actor)?.to.includes(to) ?? false;
}

/** Delivered, tipped or not: where a delivered order returns to. */
const deliveredCondition = (facts: OrderFacts): OrderConditionValue => (facts.tipped ? C.doneTipped : C.done);

/**
 * Where an action takes an order, by the table and the order's facts; undefined when the table does not
 * allow it. Money rules (issue 17, decision 22): an approved revision returns to 6, or 10 when tipped; an
 * agreed refusal refunds (8) only an order never delivered, a refused revision returns to 6/10.
 */
export function nextCondition(
  from: OrderConditionValue | null,
  action: OrderActionValue,
  actor: OrderActorValue,
  facts: OrderFacts,
): OrderConditionValue | undefined {
  const row = findTransition(from, action, actor);
  if (!row) return undefined;
  switch (action) {
    case OrderAction.approve:
      return deliveredCondition(facts);
    case OrderAction.agreeRefusal:
      return facts.delivered ? deliveredCondition(facts) : C.refused;
    case OrderAction.returnForFix:
      return facts.designerFree ? C.fixing : C.requeued;
    case OrderAction.askRevision:
      return facts.designerFree ? C.revision : C.requeued;
    default:
      return row.to[0];
  }
}

/** Status groups: sets of conditions the server and the screens ask about. */
export const ConditionGroup = {
  /** Waiting for a designer: the designers' queue. */
  waitingForDesigner: [C.new, C.requeued],
  /** A designer holds it, the countdown runs. */
  heldByDesigner: [...HELD],
  /** Waiting for (or under) a moderator's review: the moderators' queue. */
  inReview: [C.resultReview, C.refusalReview],
  /** Delivered to the customer: a revision may be asked, a tip left at 6. */
  delivered: [C.done, C.doneTipped],
  /** Nobody acts on it any more by themselves (retention deletes the pictures of these). */
  finished: [C.done, C.refused, C.cancelled, C.doneTipped],
  /** Its result is still to come (waiting, with a designer, or in review): it has an estimate (eta). */
  awaitingResult: [C.new, C.requeued, ...HELD, C.resultReview, C.refusalReview],
  /** Work still goes on: the designer's countdown and the progress bar move (1 to 5). */
  inWork: [C.inWork, C.resultReview, C.refusalReview, C.fixing, C.revision],
} as const satisfies Record<string, readonly OrderConditionValue[]>;
export type ConditionGroupName = keyof typeof ConditionGroup;

/** Whether a condition belongs to a group. */
export function isInGroup(group: ConditionGroupName, condition: number): boolean {
  return (ConditionGroup[group] as readonly number[]).includes(condition);
}

/** Staff may still cancel an order in this condition (the cancel transition starts from it). */
export function isCancellable(condition: number): boolean {
  return findTransition(condition as OrderConditionValue, OrderAction.cancel, OrderActor.staff) !== undefined;
}
