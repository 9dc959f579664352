import type { Product } from '@retouch/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withPackage } from '../utils/package-list';
import type { PackageData } from '../utils/package-values';

/** `POST /api/admin/product`: answers the new package (201). */
function createPackage(body: PackageData) {
  return apiRequest<Product>('/api/admin/product', { method: 'POST', body });
}

/** Adds a package and puts it in the cached list. */
export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackage,
    onSuccess: (created) =>
      queryClient.setQueryData<Product[]>(queryKeys.products, (list) => withPackage(list, created)),
  });
}
