import { userPermissionsAnswerSchema, type PermissionSwitch } from '@retouch/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface CustomPermissions {
  userId: string;
  permissions: PermissionSwitch[];
}

/** `PATCH /api/admin/permissions/custom/user/{userId}`, body `permissions`: the user's own switches. */
function setCustomPermissions({ userId, permissions }: CustomPermissions) {
  return apiRequest(`/api/admin/permissions/custom/user/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { permissions },
    schema: userPermissionsAnswerSchema,
  });
}

export function useSetCustomPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomPermissions,
    onSuccess: (answer, { userId }) => {
      queryClient.setQueryData(queryKeys.permissionsOf(userId), answer.permissions);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
    },
  });
}
