import { accountSecuritySchema, type DeleteAccountBody } from '@retouch/shared/accounts';
import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const accountSecurityKey = ['account-security'] as const;

/** `GET /api/user/account`: whether the deletion is confirmed by password or, without one, by e-mail. */
export function useAccountSecurity() {
  return useQuery({
    queryKey: accountSecurityKey,
    queryFn: () => apiRequest('/api/user/account', { schema: accountSecuritySchema }),
  });
}

/** `DELETE /api/user/account` {password} or {email}: deletes the customer's own account. */
function deleteAccount(body: DeleteAccountBody) {
  return apiRequest('/api/user/account', { method: 'DELETE', body, schema: messageSchema });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
