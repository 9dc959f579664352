import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

/** A query observed as a page would, whose first answer waits until `answerFirst` is called. */
function observeSlowFirstLoad() {
  const client = createQueryClient({ queries: { retry: false } });
  const reads = { count: 0, answerFirst: () => {} };
  const firstAnswered = new Promise<void>((resolve) => (reads.answerFirst = resolve));
  const observer = new QueryObserver(client, {
    queryKey: ['orders', 'user'],
    queryFn: async () => {
      reads.count += 1;
      if (reads.count === 1) {
        await firstAnswered;
        return 'read before the change';
      }
      return 'read after the change';
    },
  });
  const stopObserving = observer.subscribe(() => {});
  return { client, reads, stopObserving, data: () => client.getQueryData<string>(['orders', 'user']) };
}

describe('the app query client', () => {
  it('answers an invalidation made during a first load with data read after it', async () => {
    const { client, reads, data } = observeSlowFirstLoad();
    const invalidated = client.invalidateQueries({ queryKey: ['orders'] });
    reads.answerFirst();
    await invalidated;
    expect(data()).toBe('read after the change');
    expect(reads.count).toBe(2);
  });

  it("leaves a first load alone when told to refetch nothing ('none')", async () => {
    const { client, reads, data } = observeSlowFirstLoad();
    const invalidated = client.invalidateQueries({ queryKey: ['orders'], refetchType: 'none' });
    reads.answerFirst();
    await invalidated;
    // Bounded as Testing Library's waits are here (setup.ts); vi.waitFor's own 1 s fails under load.
    await vi.waitFor(() => expect(data()).toBe('read before the change'), { timeout: 15_000 });
    expect(reads.count).toBe(1);
  });
});
