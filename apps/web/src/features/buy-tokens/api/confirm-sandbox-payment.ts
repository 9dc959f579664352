import { sandboxConfirmAnswerSchema, type SandboxConfirmBody } from '@retouch/shared/payments';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/payment/sandbox/confirm`: charges the sandbox card; 402 with the refusal when it is declined. */
export function confirmSandboxPayment(body: SandboxConfirmBody) {
  return apiRequest('/api/payment/sandbox/confirm', {
    method: 'POST',
    body,
    schema: sandboxConfirmAnswerSchema,
  });
}
