import type { Bilingual, RefusalReason } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `POST /api/admin/orders/reason` {title:{admin,user}}: a reason is created only with both titles, since
 * designers choose from the list as soon as it exists.
 */
function createRefusalReason(title: Bilingual) {
  return apiRequest<RefusalReason>('/api/admin/orders/reason', { method: 'POST', body: { title } });
}

/** Creates a titled reason and appends it to the cached list. */
export function useCreateRefusalReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefusalReason,
    onSuccess: (reason) =>
      queryClient.setQueryData<RefusalReason[]>(queryKeys.refusalReasons, (list = []) => [...list, reason]),
  });
}
