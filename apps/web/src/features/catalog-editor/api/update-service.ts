import type { AdminService, ServiceData } from '@retouch/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';
import { NO_IMAGES, offerMultipart, type OfferImages } from './offer-multipart';

interface UpdateServiceInput {
  id: string;
  /** The full service: the server replaces every field. */
  data: ServiceData;
  /** Only the pictures that changed. */
  images?: OfferImages;
  onProgress?: (percent: number) => void;
}

/** `PATCH /api/admin/services/list/{id}`, multipart `data` and the changed pictures. */
function updateService({ id, data, images = NO_IMAGES, onProgress }: UpdateServiceInput) {
  return apiUpload<AdminService>(`/api/admin/services/list/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: offerMultipart(data, images),
    onProgress,
  });
}

export function useUpdateService() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: updateService, onSuccess: refreshCatalog });
}
