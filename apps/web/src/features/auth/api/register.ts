import { pendingConfirmationSchema, type RegistrationBody } from '@retouch/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/registration`: answers the pending registration data. */
function register(body: RegistrationBody) {
  return apiRequest('/api/registration', { method: 'POST', body, schema: pendingConfirmationSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
