import { describe, expect, it } from 'vitest';
import { canLeaveTip, canOpenMore, hasTip, isInWork } from './order-actions';

// Every condition code and one the specification does not know (customer-side section 4): the answers the
// screens gave before the groups came from the shared order flow.
const CONDITIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const where = (test: (condition: number) => boolean) => CONDITIONS.filter(test);

describe('order history actions by condition', () => {
  it('lets a tip be left only at 6, and shows it at 10', () => {
    expect(where(canLeaveTip)).toEqual([6]);
    expect(where((condition) => hasTip({ condition, tip: 0 }))).toEqual([10]);
  });

  it('keeps showing a tip given while a revision of the order is worked (issue 36)', () => {
    expect(where((condition) => hasTip({ condition, tip: 15 }))).toEqual(CONDITIONS);
  });

  it('opens More at 6, 8 and 10', () => {
    expect(where(canOpenMore)).toEqual([6, 8, 10]);
  });

  it('moves the progress at 1 to 5', () => {
    expect(where(isInWork)).toEqual([1, 2, 3, 4, 5]);
  });
});
