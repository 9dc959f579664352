import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { useLeaveTip } from './leave-tip';

describe('the Idempotency-Key of a tip', () => {
  it('stays the same when the tip is sent again after a network error, and changes for the next tip', async () => {
    let failNext = true;
    const { calls } = mockFetch({ 'POST /api/orders/order/o-1/tip': { body: { message: 'Thank you' } } });
    const fetchMock = vi.mocked(fetch);
    const answerTip = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (!failNext) return answerTip(input, init);
      failNext = false;
      calls.push({ method: 'POST', url: String(input), body: undefined, init });
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(() => useLeaveTip(), { wrapper });

    await expect(result.current.mutateAsync({ orderId: 'o-1', amount: 5 })).rejects.toThrow();
    await result.current.mutateAsync({ orderId: 'o-1', amount: 5 });
    await result.current.mutateAsync({ orderId: 'o-1', amount: 5 });

    const keys = calls.map((call) => new Headers(call.init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
