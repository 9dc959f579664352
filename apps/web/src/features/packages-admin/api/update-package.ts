import type { Product } from '@retouch/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withPackage } from '../utils/package-list';
import type { PackageData } from '../utils/package-values';

interface PackageUpdate {
  id: string;
  body: PackageData;
}

/** `PATCH /api/admin/product/{id}`: answers the saved package. */
function updatePackage({ id, body }: PackageUpdate) {
  return apiRequest<Product>(`/api/admin/product/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Saves a package and puts the answer in its place in the cached list. */
export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: (saved) =>
      queryClient.setQueryData<Product[]>(queryKeys.products, (list) => withPackage(list, saved)),
  });
}
