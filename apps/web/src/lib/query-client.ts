import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** The app's query client: an API error is an answer, so only network failures are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
