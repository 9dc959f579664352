import { queryKeys } from '@/lib/query-keys';
import type { ReasonBody, RefusalReason } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {} from './get-refusal-reasons';

const emptyReason: ReasonBody = { title: { admin: '', user: '' } };

/** `POST /api/admin/orders/reason`: the editor creates a reason empty, then fills it in place. */
export function createRefusalReason(body: ReasonBody = emptyReason) {
  return apiRequest<RefusalReason>('/api/admin/orders/reason', { method: 'POST', body });
}

/** Creates an empty reason and appends it to the cached list. */
export function useCreateRefusalReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createRefusalReason(),
    onSuccess: (reason) =>
      queryClient.setQueryData<RefusalReason[]>(queryKeys.refusalReasons, (list = []) => [...list, reason]),
  });
}
