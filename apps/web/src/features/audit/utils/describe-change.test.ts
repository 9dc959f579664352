import { describe, expect, it } from 'vitest';
import { describeChange, showValue } from './describe-change';

describe('describeChange', () => {
  it('lists only the keys whose value differs, before → after', () => {
    expect(describeChange({ main: 0, bonus: 20 }, { main: 50, bonus: 20 })).toEqual(['main: 0 → 50']);
    expect(describeChange({ role: 'User' }, { role: 'Designer' })).toEqual(['role: User → Designer']);
  });

  it('shows a key present on one side only with a dash on the other, keys of before first', () => {
    expect(describeChange({ title: 'A', price: 10 }, { title: 'A', days: 3 })).toEqual([
      'price: 10 → —',
      'days: — → 3',
    ]);
  });

  it('compares nested values by content and shows them compactly', () => {
    expect(
      describeChange(
        { balance: { main: 1, bonus: 2 }, tags: ['a'] },
        { balance: { bonus: 2, main: 1 }, tags: ['a', 'b'] },
      ),
    ).toEqual(['tags: ["a"] → ["a","b"]']);
    expect(describeChange({ limits: { a: 1 } }, { limits: { a: 2 } })).toEqual(['limits: {"a":1} → {"a":2}']);
  });

  it('shows a create as its after alone and a delete as its before alone', () => {
    expect(describeChange(null, { title: 'Ретушь', price: 100 })).toEqual(['title: Ретушь', 'price: 100']);
    expect(describeChange({ title: 'Ретушь' }, null)).toEqual(['title: Ретушь']);
    expect(describeChange(null, 'Спам')).toEqual(['Спам']);
  });

  it('shows two values that are not both objects on one line', () => {
    expect(describeChange(5, 10)).toEqual(['5 → 10']);
    expect(describeChange(true, false)).toEqual(['true → false']);
    expect(describeChange([1], { a: 1 })).toEqual(['[1] → {"a":1}']);
  });

  it('has nothing to show when nothing differs or neither side exists', () => {
    expect(describeChange({ main: 1 }, { main: 1 })).toEqual([]);
    expect(describeChange('x', 'x')).toEqual([]);
    expect(describeChange(null, null)).toEqual([]);
  });
});

describe('showValue', () => {
  it('writes text as it is, an empty text and a missing value visibly', () => {
    expect(showValue('Designer')).toBe('Designer');
    expect(showValue('')).toBe('""');
    expect(showValue(null)).toBe('—');
    expect(showValue(0)).toBe('0');
  });
});
