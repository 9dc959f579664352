import { messageSchema } from '@retouch/shared/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/email/confirm` with the confirmation link's query string passed through. */
function confirmEmail(search: string) {
  return apiRequest(`/api/email/confirm${search}`, { schema: messageSchema });
}

// A query rather than a mutation so the link is used once, even when the effect runs twice.
export function useConfirmEmail(search: string) {
  return useQuery({
    queryKey: queryKeys.confirmEmail(search),
    queryFn: () => confirmEmail(search),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
