import type { Product } from '@retouch/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/products`: every package, cheapest first. */
function getPackages() {
  return apiRequest<Product[]>('/api/products');
}

export function usePackages() {
  return useQuery({ queryKey: queryKeys.products, queryFn: getPackages });
}
