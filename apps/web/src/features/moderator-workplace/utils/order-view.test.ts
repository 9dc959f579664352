import { OrderCondition } from '@retouch/shared/orders';
import { describe, expect, it } from 'vitest';
import { isRefusalUnderReview } from './order-view';

describe('isRefusalUnderReview', () => {
  it("is a designer's refusal at 3 only; a result under review (2) is approved or sent back", () => {
    expect(isRefusalUnderReview({ condition: OrderCondition.refusalReview })).toBe(true);
    expect(isRefusalUnderReview({ condition: OrderCondition.resultReview })).toBe(false);
  });
});
