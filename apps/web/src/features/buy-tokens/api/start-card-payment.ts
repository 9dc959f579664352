import type { PaymentIntentAnswer } from '@retouch/shared/payments';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/product/{id}/buy`: opens a pending card payment and answers its client secret. */
export function startCardPayment(productId: string, idempotencyKey?: string) {
  return apiRequest<PaymentIntentAnswer>(`/api/product/${encodeURIComponent(productId)}/buy`, {
    method: 'POST',
    idempotencyKey,
  });
}
