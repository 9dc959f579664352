import { adminUserAnswerSchema, type AdminRegistrationBody } from '@retouch/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/admin/user/registration`: a confirmed account (201). */
function createUser(body: AdminRegistrationBody) {
  return apiRequest('/api/admin/user/registration', { method: 'POST', body, schema: adminUserAnswerSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
