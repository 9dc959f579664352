import type { OptionTemplate, OptionTemplateBody } from '@retouch/shared/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/admin/services/optional-template`: 201 with the new template. */
function createOptionTemplate(body: OptionTemplateBody) {
  return apiRequest<OptionTemplate>('/api/admin/services/optional-template', { method: 'POST', body });
}

export function useCreateOptionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOptionTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.optionTemplates }),
  });
}
