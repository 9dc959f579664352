import { EtaText } from '@retouch/shared/eta';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { formatEta } from './eta-time';
import { NewOrderEta } from './new-order-eta';

function renderEta(minutes: number, serviceIds: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NewOrderEta minutes={minutes} serviceIds={serviceIds} />
    </QueryClientProvider>,
  );
}

describe('NewOrderEta', () => {
  it('asks with the order’s minutes and services, and says when the result would come', async () => {
    const eta = new Date(Date.now() + 90 * 60_000).toISOString();
    const { calls } = mockFetch({ 'GET /api/system/order/eta': { body: { eta } } });
    renderEta(25, ['teeth', 'skin', 'teeth']);
    expect(await screen.findByText(EtaText.expectedBy(formatEta(eta)))).toBeInTheDocument();
    // The queue's size is staff's: the customer sees the time alone.
    expect(screen.getByRole('status').textContent).toBe(EtaText.expectedBy(formatEta(eta)));
    const asked = new URL(calls[0]!.url, 'http://localhost');
    expect(asked.searchParams.get('minutes')).toBe('25');
    expect(asked.searchParams.get('services')?.split(',').sort()).toEqual(['skin', 'teeth']);
  });

  it('says why there is no estimate while no designer is on shift', async () => {
    mockFetch({ 'GET /api/system/order/eta': { body: { eta: null } } });
    renderEta(15, ['teeth']);
    expect(await screen.findByText(EtaText.noDesigner)).toBeInTheDocument();
  });
});

describe('formatEta', () => {
  it('names the time today, and the day as well otherwise', () => {
    const now = new Date(2026, 10, 24, 12, 0);
    expect(formatEta(new Date(2026, 10, 24, 14, 5).toISOString(), now)).toBe('14:05');
    expect(formatEta(new Date(2026, 10, 25, 9, 30).toISOString(), now)).toBe('25 Nov, 09:30');
  });
});
