import { describe, expect, it } from 'vitest';
import { MIN_BALANCE_TO_SEND, OrderText, balanceCoversOrder } from './orders';

describe('balanceCoversOrder', () => {
  it('needs a total balance strictly above 10 (customer-side sections 5 and 9)', () => {
    expect(balanceCoversOrder({ main: 4, bonus: 6 }, 0)).toBe(false);
    expect(balanceCoversOrder({ main: 5, bonus: 6 }, 0)).toBe(true);
    expect(balanceCoversOrder({ main: 0, bonus: 11 }, 2)).toBe(true);
  });

  it("needs the total to cover the order's cost", () => {
    expect(balanceCoversOrder({ main: 0, bonus: 20 }, 20)).toBe(true);
    expect(balanceCoversOrder({ main: 0, bonus: 20 }, 22)).toBe(false);
    expect(balanceCoversOrder({ main: 15, bonus: 5 }, 21)).toBe(false);
  });

  it('is said with the same number the rule uses: from 11 tokens, not from 10', () => {
    expect(OrderText.insufficientFunds).toContain(`from ${MIN_BALANCE_TO_SEND + 1} tokens`);
  });
});
