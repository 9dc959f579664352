import type { ReasonBody, RefusalReason } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface RefusalReasonUpdate {
  id: string;
  body: ReasonBody;
}

/** `PATCH /api/admin/orders/reason/{id}` {title:{admin,user}}: answers the saved reason. */
function updateRefusalReason({ id, body }: RefusalReasonUpdate) {
  return apiRequest<RefusalReason>(`/api/admin/orders/reason/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** Saves a reason and puts the answer in its place in the cached list. */
export function useUpdateRefusalReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRefusalReason,
    onSuccess: (saved) =>
      queryClient.setQueryData<RefusalReason[]>(queryKeys.refusalReasons, (list = []) =>
        list.map((reason) => (reason._id === saved._id ? saved : reason)),
      ),
  });
}
