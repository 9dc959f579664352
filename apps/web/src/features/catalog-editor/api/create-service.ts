import type { AdminService, OfferData } from '@retouch/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';
import { offerMultipart, type OfferImages } from './offer-multipart';

interface CreateServiceInput {
  groupId: string;
  data: OfferData;
  images: OfferImages;
  onProgress?: (percent: number) => void;
}

/** `POST /api/admin/services/list/{groupId}`, multipart `data` and the three pictures (all required). */
function createService({ groupId, data, images, onProgress }: CreateServiceInput) {
  return apiUpload<AdminService & { list: AdminService[] }>(
    `/api/admin/services/list/${encodeURIComponent(groupId)}`,
    { method: 'POST', body: offerMultipart(data, images), onProgress },
  );
}

export function useCreateService() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: createService, onSuccess: refreshCatalog });
}
