import { describe, expect, it } from 'vitest';
import { orderTableStatus } from './admin-orders';
import { OrderCondition } from './order-flow';
import { orderStatus, progressRefreshMs, remainingTimeMs } from './order-status';
import { OrderText, orderProgress } from './orders';

const MINUTE = 60_000;
const start = '2026-01-01T10:00:00.000Z';
const t0 = Date.parse(start);
const order = (condition: number, dateStart: string | null = start) => ({
  condition,
  executionTime: 20,
  dateStart,
});

// Every condition code and one neither document knows (customer side and back office, section 4).
const CONDITIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const IN_WORK = [1, 2, 3, 4, 5];

describe('orderStatus: the one rule of both sides (section 4 of both documents)', () => {
  it('gives every condition its status, percent and style with time left', () => {
    const atFiveMinutes = CONDITIONS.map((condition) => [
      condition,
      orderStatus(order(condition), t0 + 5 * MINUTE),
    ]);
    expect(atFiveMinutes).toEqual([
      // "0 and 7 | looking for a designer (warning style) | 0 percent"
      [0, { kind: 'lookingForDesigner', percent: 0, style: 'warning' }],
      // "1 to 5 | in progress | percentage from remaining time against executionTime"
      [1, { kind: 'inProgress', percent: 25, style: 'active' }],
      [2, { kind: 'inProgress', percent: 25, style: 'active' }],
      [3, { kind: 'inProgress', percent: 25, style: 'active' }],
      [4, { kind: 'inProgress', percent: 25, style: 'active' }],
      [5, { kind: 'inProgress', percent: 25, style: 'active' }],
      // "6 | executed; tip may still be left | 100 percent, success"
      [6, { kind: 'completed', percent: 100, style: 'success' }],
      [7, { kind: 'lookingForDesigner', percent: 0, style: 'warning' }],
      // "8 | refused by the designer; shown as cancelled | 100 percent, exception"
      [8, { kind: 'refused', percent: 100, style: 'exception' }],
      // "any other | cancelled | 100 percent, exception"
      [9, { kind: 'cancelled', percent: 100, style: 'exception' }],
      [10, { kind: 'completed', percent: 100, style: 'success' }],
      [11, { kind: 'cancelled', percent: 100, style: 'exception' }],
    ]);
  });

  it('shows 1 to 5 whose remaining time ran out as being moderated at 100 percent, whoever holds the order', () => {
    for (const condition of IN_WORK) {
      expect(orderStatus(order(condition), t0 + 20 * MINUTE)).toEqual({
        kind: 'beingModerated',
        percent: 100,
        style: 'active',
      });
      expect(orderStatus(order(condition), t0 + 3 * 60 * MINUTE).kind).toBe('beingModerated');
    }
  });

  it('never reaches 100 percent while time is left, and starts at 0 before the attempt starts', () => {
    expect(orderStatus(order(OrderCondition.inWork), t0 + 20 * MINUTE - 1)).toMatchObject({
      kind: 'inProgress',
      percent: 99,
    });
    expect(orderStatus(order(OrderCondition.inWork, null), t0 + 60 * MINUTE)).toMatchObject({
      kind: 'inProgress',
      percent: 0,
    });
  });

  it('is the status of both the customer history and the back office orders table', () => {
    for (const condition of CONDITIONS) {
      for (const minutes of [0, 5, 19, 20, 45]) {
        const now = t0 + minutes * MINUTE;
        const status = orderStatus(order(condition), now);
        expect(orderTableStatus(order(condition), now)).toBe(status.kind);
        expect(orderProgress(order(condition), now)).toMatchObject({
          percent: status.percent,
          status: status.style,
        });
      }
    }
  });
});

describe("orderProgress: the customer's circle and its tooltip (customer side, section 4)", () => {
  it('writes the status texts of the specification', () => {
    const text = (condition: number, minutes: number) =>
      orderProgress(order(condition), t0 + minutes * MINUTE).text;
    expect(text(OrderCondition.new, 0)).toBe(OrderText.lookingForDesigner);
    expect(text(OrderCondition.requeued, 0)).toBe(OrderText.lookingForDesigner);
    for (const condition of IN_WORK) {
      expect(text(condition, 5)).toBe(OrderText.inProgress);
      expect(text(condition, 21)).toBe(OrderText.beingModerated);
    }
    expect(text(OrderCondition.done, 0)).toBe(OrderText.executed);
    expect(text(OrderCondition.doneTipped, 0)).toBe(OrderText.executed);
    expect(text(OrderCondition.refused, 0)).toBe(OrderText.cancelled);
    expect(text(OrderCondition.cancelled, 0)).toBe(OrderText.cancelled);
    expect(text(42, 0)).toBe(OrderText.cancelled);
  });
});

describe('timing helpers', () => {
  it('gives the remaining time and a refresh of one hundredth of the execution time', () => {
    expect(remainingTimeMs(order(1), t0 + MINUTE)).toBe(19 * MINUTE);
    expect(remainingTimeMs(order(1, null), t0)).toBe(20 * MINUTE);
    expect(remainingTimeMs(order(1), t0 + 30 * MINUTE)).toBe(0);
    expect(progressRefreshMs(20)).toBe(12_000);
  });
});
