import { roleAnswerSchema, type PermissionSwitch, type Role } from '@retouch/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface RolePermissionsUpdate {
  id: string;
  permissions: PermissionSwitch[];
}

/** `PATCH /api/admin/permissions/role/{id}`, body `permissions`: answers the saved role. */
function updateRolePermissions({ id, permissions }: RolePermissionsUpdate) {
  return apiRequest(`/api/admin/permissions/role/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { permissions },
    schema: roleAnswerSchema,
  });
}

export function useUpdateRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolePermissions,
    onSuccess: ({ role }) => {
      queryClient.setQueryData<Role[]>(queryKeys.roles, (list = []) =>
        list.map((stored) => (stored._id === role._id ? role : stored)),
      );
      queryClient.setQueryData(queryKeys.role(role._id), role);
    },
  });
}
