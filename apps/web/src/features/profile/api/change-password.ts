import { messageSchema, type ChangePasswordBody } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `PATCH /api/user/change/password` {oldPassword, password}: answers a message. */
function changePassword(body: ChangePasswordBody) {
  return apiRequest('/api/user/change/password', { method: 'PATCH', body, schema: messageSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
