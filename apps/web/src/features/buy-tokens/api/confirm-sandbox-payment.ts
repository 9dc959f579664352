import type { SandboxConfirmBody } from '@retouch/shared/payments';
import type { Balance } from '@retouch/shared/users';
import { apiRequest } from '@/lib/api-client';

export interface SandboxConfirmAnswer {
  status: 'succeeded';
  balance: Balance;
}

/** `POST /api/payment/sandbox/confirm`: charges the sandbox card; 402 with the refusal when it is declined. */
export function confirmSandboxPayment(body: SandboxConfirmBody) {
  return apiRequest<SandboxConfirmAnswer>('/api/payment/sandbox/confirm', { method: 'POST', body });
}
