import type { Role } from '@retouch/shared/admin-users';
import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/admin/permissions/role/{id}`: refused while users hold the role. */
function deleteRole(id: string) {
  return apiRequest(`/api/admin/permissions/role/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Role[]>(queryKeys.roles, (list = []) =>
        list.filter((role) => role._id !== id),
      ),
  });
}
