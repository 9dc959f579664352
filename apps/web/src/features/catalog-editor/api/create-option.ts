import type { AdminOption, OfferData } from '@retouch/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';
import { offerMultipart, type OfferImages } from './offer-multipart';

interface CreateOptionInput {
  serviceId: string;
  data: OfferData;
  images: OfferImages;
  onProgress?: (percent: number) => void;
}

/** `POST /api/admin/services/optional/{serviceId}`, multipart `data` and the three pictures (all required). */
function createOption({ serviceId, data, images, onProgress }: CreateOptionInput) {
  return apiUpload<AdminOption & { optional: AdminOption[] }>(
    `/api/admin/services/optional/${encodeURIComponent(serviceId)}`,
    { method: 'POST', body: offerMultipart(data, images), onProgress },
  );
}

export function useCreateOption() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: createOption, onSuccess: refreshCatalog });
}
