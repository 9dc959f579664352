import { describe, expect, it } from 'vitest';
import {
  isInGroup,
  ConditionGroup,
  ORDER_TRANSITIONS,
  OrderAction,
  OrderActor,
  isAllowedTransition,
  isCancellable,
  nextCondition,
  type OrderFacts,
} from './order-flow';
import { OrderCondition as C } from './orders';

const fresh: OrderFacts = { delivered: false, tipped: false };
const delivered: OrderFacts = { delivered: true, tipped: false };
const tipped: OrderFacts = { delivered: true, tipped: true };

describe('the order transition table', () => {
  it('lets a tip be left only on a delivered order not tipped yet, by its customer', () => {
    expect(nextCondition(C.done, OrderAction.tip, OrderActor.customer, delivered)).toBe(C.doneTipped);
    expect(nextCondition(C.doneTipped, OrderAction.tip, OrderActor.customer, tipped)).toBeUndefined();
    expect(nextCondition(C.revision, OrderAction.tip, OrderActor.customer, tipped)).toBeUndefined();
    expect(nextCondition(C.done, OrderAction.tip, OrderActor.staff, delivered)).toBeUndefined();
  });

  it('returns an approved revision of a tipped order to 10, so no second tip is offered', () => {
    expect(nextCondition(C.resultReview, OrderAction.approve, OrderActor.moderator, fresh)).toBe(C.done);
    expect(nextCondition(C.resultReview, OrderAction.approve, OrderActor.moderator, delivered)).toBe(C.done);
    expect(nextCondition(C.resultReview, OrderAction.approve, OrderActor.moderator, tipped)).toBe(
      C.doneTipped,
    );
  });

  it('refunds an agreed refusal (8) only for an order never delivered; a refused revision goes back to 6/10', () => {
    const agree = (facts: OrderFacts) =>
      nextCondition(C.refusalReview, OrderAction.agreeRefusal, OrderActor.moderator, facts);
    expect(agree(fresh)).toBe(C.refused);
    expect(agree(delivered)).toBe(C.done);
    expect(agree(tipped)).toBe(C.doneTipped);
  });

  it('gives a fix or a revision to its designer when free, else to the queue', () => {
    const fix = (designerFree: boolean) =>
      nextCondition(C.resultReview, OrderAction.returnForFix, OrderActor.moderator, {
        ...fresh,
        designerFree,
      });
    expect(fix(true)).toBe(C.fixing);
    expect(fix(false)).toBe(C.requeued);
    const revise = (from: typeof C.done | typeof C.doneTipped, designerFree: boolean) =>
      nextCondition(from, OrderAction.askRevision, OrderActor.customer, { ...tipped, designerFree });
    expect(revise(C.doneTipped, true)).toBe(C.revision);
    expect(revise(C.done, false)).toBe(C.requeued);
  });

  it('awaits a result for exactly the orders that are not finished', () => {
    for (const condition of Object.values(C)) {
      expect(isInGroup('awaitingResult', condition), `${condition}`).toBe(!isInGroup('finished', condition));
    }
  });

  it('allows no action from refused or cancelled orders, and no cancel of a finished one', () => {
    for (const from of [C.refused, C.cancelled]) {
      for (const action of Object.values(OrderAction)) {
        for (const actor of Object.values(OrderActor)) {
          expect(nextCondition(from, action, actor, delivered), `${from} ${action} ${actor}`).toBeUndefined();
        }
      }
    }
    expect(ConditionGroup.finished.filter(isCancellable)).toEqual([]);
    expect(
      [C.new, C.inWork, C.resultReview, C.refusalReview, C.fixing, C.revision, C.requeued].every(
        isCancellable,
      ),
    ).toBe(true);
  });

  it('only ever leads to a target the table lists for the row it picked', () => {
    const conditions = [null, ...Object.values(C)];
    for (const row of ORDER_TRANSITIONS) {
      for (const from of conditions) {
        for (const facts of [fresh, delivered, tipped].flatMap((f) => [
          { ...f, designerFree: true },
          { ...f, designerFree: false },
        ])) {
          const to = nextCondition(from, row.action, row.actor, facts);
          if (to === undefined) continue;
          expect(isAllowedTransition(from, row.action, row.actor, to)).toBe(true);
        }
      }
    }
    expect(isAllowedTransition(C.done, OrderAction.approve, OrderActor.moderator, C.done)).toBe(false);
  });

  it('has one row per action, actor and starting condition', () => {
    const keys = ORDER_TRANSITIONS.flatMap((row) =>
      row.from.map((from) => `${from}:${row.action}:${row.actor}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
