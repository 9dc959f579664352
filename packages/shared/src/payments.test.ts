import { describe, expect, it } from 'vitest';
import { PackageText, packageBodySchema, paymentAmount, splitSpending } from './payments';

describe('splitSpending', () => {
  it('takes bonus first, then main', () => {
    expect(splitSpending({ main: 100, bonus: 20 }, 15)).toEqual({ fromBonus: 15, fromMain: 0 });
    expect(splitSpending({ main: 100, bonus: 20 }, 35)).toEqual({ fromBonus: 20, fromMain: 15 });
    expect(splitSpending({ main: 100, bonus: 0 }, 35)).toEqual({ fromBonus: 0, fromMain: 35 });
  });
});

describe('paymentAmount', () => {
  it('adds the tax rounded to cents', () => {
    expect(paymentAmount(4, 0)).toEqual({ tax: 0, total: 4 });
    expect(paymentAmount(17, 0.23)).toEqual({ tax: 3.91, total: 20.91 });
    expect(paymentAmount(2, 0.075)).toEqual({ tax: 0.15, total: 2.15 });
  });
});

describe('packageBodySchema', () => {
  const valid = { cost: '4', description: 'Popular', charge: '100', bonus: '', merchant_id: '3' };

  it('reads form strings as numbers and an empty bonus as 0', () => {
    expect(packageBodySchema.parse(valid)).toEqual({
      cost: 4,
      description: 'Popular',
      charge: 100,
      bonus: 0,
      merchant_id: 3,
    });
  });

  it('allows cents in the cost but not fractions of a cent', () => {
    expect(packageBodySchema.parse({ ...valid, cost: '1.99' }).cost).toBe(1.99);
    expect(packageBodySchema.parse({ ...valid, cost: '17.1' }).cost).toBe(17.1);
    expect(packageBodySchema.safeParse({ ...valid, cost: '1.999' }).error?.issues[0]?.message).toBe(
      PackageText.numbersOnly,
    );
  });
});
