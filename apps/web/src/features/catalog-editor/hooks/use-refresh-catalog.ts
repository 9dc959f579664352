import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';

/**
 * Refetches the admin catalogue after a change. The returned promise keeps a mutation pending until
 * the new list is in, so a switch that shows the mutation's value does not flicker back meanwhile.
 */
export function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // The customer pages of this session read the public catalogue: drop it too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.publicServices });
    await queryClient.invalidateQueries({ queryKey: queryKeys.adminGroups });
  }, [queryClient]);
}
