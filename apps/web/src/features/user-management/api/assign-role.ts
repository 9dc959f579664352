import { userPermissionsAnswerSchema } from '@retouch/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface RoleAssignment {
  userId: string;
  roleId: string;
}

/** `PATCH /api/admin/permissions/role/user/{userId}`, body `_id`: gives the user the role (custom switches end). */
function assignRole({ userId, roleId }: RoleAssignment) {
  return apiRequest(`/api/admin/permissions/role/user/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { _id: roleId },
    schema: userPermissionsAnswerSchema,
  });
}

export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRole,
    onSuccess: (answer, { userId }) => {
      queryClient.setQueryData(queryKeys.permissionsOf(userId), answer.permissions);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
    },
  });
}
