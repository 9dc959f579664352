import type { AdminOption, OfferData } from '@retouch/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';
import { NO_IMAGES, offerMultipart, type OfferImages } from './offer-multipart';

interface UpdateOptionInput {
  id: string;
  data: OfferData;
  /** Only the pictures that changed. */
  images?: OfferImages;
  onProgress?: (percent: number) => void;
}

/** `PATCH /api/admin/services/optional/{id}`, multipart `data` and the changed pictures. */
function updateOption({ id, data, images = NO_IMAGES, onProgress }: UpdateOptionInput) {
  return apiUpload<AdminOption & { optional: AdminOption[] }>(
    `/api/admin/services/optional/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: offerMultipart(data, images), onProgress },
  );
}

export function useUpdateOption() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: updateOption, onSuccess: refreshCatalog });
}
