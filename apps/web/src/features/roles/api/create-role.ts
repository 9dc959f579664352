import { roleSchema, type CreateRoleBody, type Role } from '@retouch/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/admin/permissions/role`, body `title`: a new role with every sign off (201). */
function createRole(body: CreateRoleBody) {
  return apiRequest('/api/admin/permissions/role', { method: 'POST', body, schema: roleSchema });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: (created) =>
      queryClient.setQueryData<Role[]>(queryKeys.roles, (list = []) => [...list, created]),
  });
}
