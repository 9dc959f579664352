import { resendAnswerSchema } from '@retouch/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/email/confirm/reset/{userId}`: sends the confirmation e-mail again; a new cooldown starts. */
function resendConfirmation(userId: string) {
  return apiRequest(`/api/email/confirm/reset/${encodeURIComponent(userId)}`, { schema: resendAnswerSchema });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
