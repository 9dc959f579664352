import type { ForgotPasswordBody } from '@retouch/shared/accounts';
import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/password/forgot` {email}: answers the same message whether or not the account exists. */
function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest('/api/password/forgot', { method: 'POST', body, schema: messageSchema });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
