import type { PaymentConfig } from '@retouch/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/payment/config`: which card form to show (sandbox or Stripe) and Stripe's public key. */
function getPaymentConfig() {
  return apiRequest<PaymentConfig>('/api/payment/config');
}

export function usePaymentConfig() {
  return useQuery({ queryKey: queryKeys.paymentConfig, queryFn: getPaymentConfig });
}
