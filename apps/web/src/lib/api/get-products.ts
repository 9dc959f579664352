import type { Product } from '@retouch/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/products`: the token packages, cheapest first. */
function getProducts() {
  return apiRequest<Product[]>('/api/products');
}

export function useProducts() {
  return useQuery({ queryKey: queryKeys.products, queryFn: getProducts });
}
