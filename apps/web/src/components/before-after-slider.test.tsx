import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlowImage } from '@/test/slow-image';
import { BeforeAfterSlider } from './before-after-slider';

beforeEach(() => {
  SlowImage.all = [];
  vi.stubGlobal('Image', SlowImage);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

// Customer side and back office section 9: "Time-out for loading images: 500 ms".
describe('the before and after pictures', () => {
  it('wait for both pictures, 500 ms at most', () => {
    render(<BeforeAfterSlider before="/api/files/a.webp" after="/api/files/b.webp" />);
    expect(screen.queryByRole('img', { name: 'Before' })).toBeNull();
    act(() => SlowImage.all[0]?.load());
    expect(screen.queryByRole('img', { name: 'Before' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('img', { name: 'Before' })).toBeInTheDocument();
  });

  it('show as soon as both loaded', () => {
    render(<BeforeAfterSlider before="/api/files/a.webp" after="/api/files/b.webp" />);
    act(() => SlowImage.all.forEach((image) => image.load()));
    expect(screen.getByRole('img', { name: 'Before' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'After' })).toBeInTheDocument();
  });
});
