import type { RefusalReason } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/admin/orders/reason` {title:{admin,user}}, both empty: the reasons screen's add creates an
 * empty reason at once (back office sections 2 and 7), whose titles are then typed and saved.
 */
function createEmptyRefusalReason() {
  return apiRequest<RefusalReason>('/api/admin/orders/reason', {
    method: 'POST',
    body: { title: { admin: '', user: '' } },
  });
}

/** Creates an empty reason and appends it to the cached list. */
export function useCreateRefusalReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmptyRefusalReason,
    onSuccess: (reason) =>
      queryClient.setQueryData<RefusalReason[]>(queryKeys.refusalReasons, (list = []) => [...list, reason]),
  });
}
