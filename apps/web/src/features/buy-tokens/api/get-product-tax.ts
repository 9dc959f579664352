import type { PaymentAmount } from '@retouch/shared/payments';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A quote is reused while the customer goes back and forth between the steps. */
const TAX_STALE_MS = 60_000;

/** `GET /api/product/{id}/tax`: tax and total in USD of a package for the logged-in customer. */
function getProductTax(productId: string) {
  return apiRequest<PaymentAmount>(`/api/product/${encodeURIComponent(productId)}/tax`);
}

/** Fetched by the dialog before the payment step opens, since a failure closes the dialog. */
export function productTaxQuery(productId: string) {
  return queryOptions({
    queryKey: [...queryKeys.products, productId, 'tax'],
    queryFn: () => getProductTax(productId),
    staleTime: TAX_STALE_MS,
    retry: false,
  });
}
