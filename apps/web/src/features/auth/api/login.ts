import { loginAnswerSchema, type LoginBody } from '@retouch/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/login`: the user, or a pending confirmation when the e-mail is not confirmed yet. */
function login(body: LoginBody) {
  return apiRequest('/api/login', { method: 'POST', body, schema: loginAnswerSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
