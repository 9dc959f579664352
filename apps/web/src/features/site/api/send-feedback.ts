import { feedbackAnswerSchema, type FeedbackAnswer, type FeedbackBody } from '@retouch/shared/site';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/feedback`: the contact form. */
function sendFeedback(body: FeedbackBody): Promise<FeedbackAnswer> {
  return apiRequest('/api/feedback', { method: 'POST', body, schema: feedbackAnswerSchema });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
