import { siteInfoSchema, type SiteInfo } from '@retouch/shared/site';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const siteInfoKey = ['site', 'info'] as const;

/** `GET /api/site`: the support e-mail and the postal address of the footer and the policies. */
function getSiteInfo(): Promise<SiteInfo> {
  return apiRequest('/api/site', { schema: siteInfoSchema });
}

export function useSiteInfo() {
  // The contacts change only with the server's configuration.
  return useQuery({ queryKey: siteInfoKey, queryFn: getSiteInfo, staleTime: Infinity });
}
