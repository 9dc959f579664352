import { describe, expect, it } from 'vitest';
import { spokenDuration } from './spoken-duration';

describe('spokenDuration', () => {
  it('says minutes and seconds in Russian with the right plural forms', () => {
    expect(spokenDuration(9 * 60_000 + 58_000)).toBe('9 минут 58 секунд');
    expect(spokenDuration(60_000 + 1000)).toBe('1 минута 1 секунда');
    expect(spokenDuration(2 * 60_000 + 22_000)).toBe('2 минуты 22 секунды');
    expect(spokenDuration(11 * 60_000 + 14_000)).toBe('11 минут 14 секунд');
  });

  it('leaves out zero parts, drops milliseconds and says hours', () => {
    expect(spokenDuration(10 * 60_000)).toBe('10 минут');
    expect(spokenDuration(45_999)).toBe('45 секунд');
    expect(spokenDuration(3_600_000 + 5 * 60_000)).toBe('1 час 5 минут');
  });

  it('says 0 seconds for nothing left or a time already past', () => {
    expect(spokenDuration(0)).toBe('0 секунд');
    expect(spokenDuration(-5000)).toBe('0 секунд');
  });
});
