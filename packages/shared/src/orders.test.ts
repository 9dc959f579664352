import { describe, expect, it } from 'vitest';
import {
  MAX_TIP,
  OrderCondition,
  OrderText,
  orderProgress,
  progressRefreshMs,
  remainingTimeMs,
  tipSchema,
} from './orders';

const start = '2026-01-01T10:00:00.000Z';
const t0 = new Date(start).getTime();
const order = (condition: number, dateStart: string | null = start) => ({
  condition,
  executionTime: 20,
  dateStart,
});

describe('orderProgress', () => {
  it('shows 0 % in warning style while a designer is sought', () => {
    for (const condition of [OrderCondition.new, OrderCondition.requeued]) {
      expect(orderProgress(order(condition, null), t0)).toEqual({
        percent: 0,
        status: 'warning',
        text: OrderText.lookingForDesigner,
      });
    }
  });

  it('counts elapsed time against the execution time while in work', () => {
    expect(orderProgress(order(OrderCondition.inWork), t0 + 5 * 60_000).percent).toBe(25);
    expect(orderProgress(order(OrderCondition.resultReview), t0 + 10 * 60_000).percent).toBe(50);
  });

  it("says 'In progress' for 1 to 5 with time left, in review or not (customer side, section 4)", () => {
    for (const condition of [1, 2, 3, 4, 5]) {
      expect(orderProgress(order(condition), t0 + 5 * 60_000)).toEqual({
        percent: 25,
        status: 'active',
        text: OrderText.inProgress,
      });
    }
  });

  it("says 'The order is being moderated' at 100 % for 1 to 5 whose time ran out, a designer's or a moderator's", () => {
    for (const condition of [1, 2, 3, 4, 5]) {
      expect(orderProgress(order(condition), t0 + 21 * 60_000)).toEqual({
        percent: 100,
        status: 'active',
        text: OrderText.beingModerated,
      });
    }
  });

  it('shows success for 6 and 10 and exception for 8 and any other code', () => {
    expect(orderProgress(order(OrderCondition.done), t0).status).toBe('success');
    expect(orderProgress(order(OrderCondition.doneTipped), t0).status).toBe('success');
    expect(orderProgress(order(OrderCondition.refused), t0)).toMatchObject({
      percent: 100,
      status: 'exception',
    });
    expect(orderProgress(order(OrderCondition.cancelled), t0).status).toBe('exception');
    expect(orderProgress(order(42), t0).status).toBe('exception');
  });
});

describe('timing helpers', () => {
  it('gives the remaining time and a refresh of one hundredth of the execution time', () => {
    expect(remainingTimeMs(order(1), t0 + 60_000)).toBe(19 * 60_000);
    expect(remainingTimeMs(order(1, null), t0)).toBe(20 * 60_000);
    expect(progressRefreshMs(20)).toBe(12_000);
  });
});

describe('tipSchema', () => {
  it('requires a positive amount with the specification texts', () => {
    expect(tipSchema.safeParse({ data: {} }).error?.issues[0]?.message).toBe(OrderText.tipRequired);
    expect(tipSchema.safeParse({ data: { amount: 0 } }).error?.issues[0]?.message).toBe(
      OrderText.tipPositive,
    );
    expect(tipSchema.parse({ data: { amount: 25 } })).toEqual({ data: { amount: 25 } });
  });

  it('refuses, never rounds, what is no whole positive number of coins (issue 19)', () => {
    const message = (amount: unknown) => tipSchema.safeParse({ data: { amount } }).error?.issues[0]?.message;
    expect(message(null)).toBe(OrderText.tipRequired);
    expect(message(-5)).toBe(OrderText.tipPositive);
    expect(message(-0.5)).toBe(OrderText.tipPositive);
    expect(message(2.5)).toBe(OrderText.tipWholeNumber);
    expect(message('5')).toBe(OrderText.tipNotNumber);
    expect(message(MAX_TIP + 1)).toBe(OrderText.tipTooLarge);
    expect(message(MAX_TIP)).toBeUndefined();
  });
});
