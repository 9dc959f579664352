import type { ResetPasswordBody } from '@retouch/shared/accounts';
import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/password/reset` {token, password}: sets the password from an e-mailed link. */
function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/password/reset', { method: 'POST', body, schema: messageSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
