import type { OptionTemplate, OptionTemplateBody } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface UpdateOptionTemplateInput {
  id: string;
  body: OptionTemplateBody;
}

/** `PATCH /api/admin/services/optional-template/{id}`. */
function updateOptionTemplate({ id, body }: UpdateOptionTemplateInput) {
  return apiRequest<OptionTemplate>(`/api/admin/services/optional-template/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateOptionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOptionTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.optionTemplates }),
  });
}
