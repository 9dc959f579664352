import { etaAnswerSchema } from '@retouch/shared/eta';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The queue moves while the customer chooses: the estimate is asked again this often. */
export const ETA_REFRESH_MS = 30_000;

/** `GET /api/system/order/eta`: when the result of an order with these services sent now would come. */
function getNewOrderEta(minutes: number, serviceIds: readonly string[]) {
  const query = new URLSearchParams({
    minutes: String(minutes),
    services: [...new Set(serviceIds)].join(','),
  });
  return apiRequest(`/api/system/order/eta?${query.toString()}`, { schema: etaAnswerSchema });
}

export function useNewOrderEta(minutes: number, serviceIds: readonly string[]) {
  const services = [...new Set(serviceIds)].sort();
  return useQuery({
    queryKey: ['system', 'order', 'eta', minutes, services],
    queryFn: () => getNewOrderEta(minutes, services),
    refetchInterval: ETA_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
