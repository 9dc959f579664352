import {
  QueryClient,
  type DefaultOptions,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * A query client whose invalidation always ends in data read after it. TanStack Query joins the refetch
 * of an invalidation to a first load already on its way instead of restarting it (TanStack/query#8530,
 * #11526), so a change the server announced while a page was loading (a socket event, a mutation's
 * answer) was answered with what that load had read before the change, and the page stayed stale. Such
 * loads are cancelled here first, and the invalidation starts them again.
 */
class AppQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const matched = this.getQueryCache().findAll(filters);
    // Only what the invalidation refetches: the queries in use, unless told to refetch none.
    const refetching = (filters?.refetchType ?? filters?.type ?? 'active') !== 'none';
    const firstLoads = matched.filter(
      (query) =>
        refetching &&
        query.isActive() &&
        query.state.fetchStatus === 'fetching' &&
        query.state.data === undefined,
    );
    if (firstLoads.length === 0) return super.invalidateQueries(filters, options);
    await Promise.all(firstLoads.map((query) => query.cancel({ revert: true })));
    // The same queries, though a cancelled one may no longer answer a predicate on its state.
    const chosen = new Set(matched);
    return super.invalidateQueries(
      { type: filters?.type, refetchType: filters?.refetchType, predicate: (query) => chosen.has(query) },
      options,
    );
  }
}

const APP_DEFAULTS: DefaultOptions = {
  queries: {
    // An API error is an answer, so only network failures are retried.
    retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
    staleTime: 30_000,
  },
  mutations: { retry: false },
};

/** The app's query client; tests pass their own defaults (no retries). */
export function createQueryClient(defaultOptions: DefaultOptions = APP_DEFAULTS): QueryClient {
  return new AppQueryClient({ defaultOptions });
}
