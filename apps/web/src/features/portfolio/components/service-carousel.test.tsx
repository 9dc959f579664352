import type { PublicService } from '@retouch/shared/catalog';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlowImage } from '@/test/slow-image';
import { PortfolioText } from '../texts';
import { ServiceCarousel } from './service-carousel';

function aService(id: string): PublicService {
  return {
    _id: id,
    title: { admin: id, user: id },
    description: { admin: id, user: id },
    instruction: '',
    cost: 1,
    executionTime: 10,
    status: true,
    picture: `/api/files/${id}.webp`,
    pictureThumb: `/api/files/${id}-thumb.webp`,
    pictureBefore: `/api/files/${id}-before.webp`,
    pictureAfter: `/api/files/${id}-after.webp`,
    embedInCanvas: false,
    allowMessage: false,
    allowAdditionalImage: false,
    multi: false,
    multiDegree: false,
    degreeAction: [],
    optional: [],
  };
}

const services = [aService('skin'), aService('eyes')];
const label = PortfolioText.servicesOf('Face');
const carousel = () => screen.queryByLabelText(label);
const renderCarousel = () =>
  render(<ServiceCarousel services={services} selectedId="skin" onSelect={() => {}} label={label} />);

beforeEach(() => {
  SlowImage.all = [];
  vi.stubGlobal('Image', SlowImage);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

// Customer side section 9: "Time-out for loading images and the carousel: 500 ms".
describe('the carousel', () => {
  it('waits for its pictures, 500 ms at most, then shows the slides anyway', () => {
    renderCarousel();
    expect(screen.getByRole('status', { name: PortfolioText.loading })).toBeInTheDocument();
    expect(carousel()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(carousel()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(carousel()).toBeInTheDocument();
  });

  it('shows the slides as soon as their pictures loaded', () => {
    renderCarousel();
    expect(SlowImage.all.map((image) => image.src)).toEqual(services.map((service) => service.pictureThumb));
    act(() => SlowImage.all.forEach((image) => image.load()));
    expect(carousel()).toBeInTheDocument();
  });
});
