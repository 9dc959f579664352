import { adminUserAnswerSchema, type AdminChangeUserBody } from '@retouch/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface UserUpdate {
  id: string;
  body: AdminChangeUserBody;
}

/** `PATCH /api/admin/user/change/info/{id}`: answers the saved user. */
function updateUser({ id, body }: UserUpdate) {
  return apiRequest(`/api/admin/user/change/info/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: adminUserAnswerSchema,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
