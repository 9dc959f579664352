import type { Degree, DegreeBody } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface DegreeUpdate {
  id: string;
  body: DegreeBody;
}

/** `PATCH /api/admin/services/degree/{id}`: answers the whole list, since the default may have moved. */
function updateDegree({ id, body }: DegreeUpdate) {
  return apiRequest<Degree[]>(`/api/admin/services/degree/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/**
 * Saves the given degrees one after the other; each answer replaces the cached list, so after a
 * failure half-way the list still shows what the server holds.
 */
export function useUpdateDegrees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (updates: readonly DegreeUpdate[]) => {
      for (const update of updates) {
        queryClient.setQueryData(queryKeys.degrees, await updateDegree(update));
      }
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.degrees }),
  });
}
