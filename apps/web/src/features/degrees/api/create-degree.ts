import type { Bilingual, Degree } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/admin/services/degree` {title:{admin,user}}: a titled degree (the default when it is the first). */
function createDegree(title: Bilingual) {
  return apiRequest<Degree>('/api/admin/services/degree', { method: 'POST', body: { title } });
}

/** Creates a degree and appends it to the cached list. */
export function useCreateDegree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDegree,
    onSuccess: (degree) =>
      queryClient.setQueryData<Degree[]>(queryKeys.degrees, (list = []) => [...list, degree]),
  });
}
