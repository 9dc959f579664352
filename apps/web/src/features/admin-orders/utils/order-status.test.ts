import { describe, expect, it } from 'vitest';
import { AdminOrdersUiText } from '../texts';
import { adminOrderStatus, isTimed, tipText } from './order-status';

const NOW = Date.parse('2026-11-01T12:00:00.000Z');
const MINUTE = 60_000;
const order = (condition: number, startedMinutesAgo = 10) => ({
  condition,
  executionTime: 60,
  dateStart: new Date(NOW - startedMinutesAgo * MINUTE).toISOString(),
});

// Every condition code and one the specification does not know (back office section 4).
const CONDITIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

describe('adminOrderStatus', () => {
  it('groups the conditions as the specification does, in their colours', () => {
    const groups = CONDITIONS.map((condition) => {
      const { group, color } = adminOrderStatus(order(condition), NOW);
      return [condition, group, color];
    });
    expect(groups).toEqual([
      [0, 'lookingForDesigner', 'warning'],
      [1, 'inProgress', 'processing'],
      [2, 'inProgress', 'processing'],
      [3, 'inProgress', 'processing'],
      [4, 'inProgress', 'processing'],
      [5, 'inProgress', 'processing'],
      [6, 'completed', 'success'],
      [7, 'lookingForDesigner', 'warning'],
      [8, 'refused', 'error'],
      [9, 'cancelled', 'error'],
      [10, 'completed', 'success'],
      [11, 'cancelled', 'error'],
    ]);
  });

  it('shows 1 to 5 as being moderated once their time ran out', () => {
    const late = [1, 2, 3, 4, 5].map((condition) => adminOrderStatus(order(condition, 120), NOW));
    expect(late.map((status) => [status.group, status.text, status.percent])).toEqual(
      Array(5).fill(['beingModerated', AdminOrdersUiText.beingModerated, 100]),
    );
  });

  it('refreshes with time only 1 to 5', () => {
    expect(CONDITIONS.filter(isTimed)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('tipText', () => {
  it('shows the tip at 10, no tip at 6, an ellipsis otherwise', () => {
    const texts = CONDITIONS.map((condition) => tipText({ condition, tip: 15 }));
    expect(texts).toEqual(
      CONDITIONS.map((condition) =>
        condition === 10 ? '15' : condition === 6 ? AdminOrdersUiText.noTip : AdminOrdersUiText.tipPending,
      ),
    );
  });
});
