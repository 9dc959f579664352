import { personProfileListSchema } from '@retouch/shared/person-profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/person-profiles`: the customer's person profiles, by name. */
function getPersonProfiles() {
  return apiRequest('/api/user/person-profiles', { schema: personProfileListSchema });
}

/** The customer's person profiles; read by the profile page and the editor, so kept here. */
export function usePersonProfiles(enabled = true) {
  return useQuery({ queryKey: queryKeys.personProfiles, queryFn: getPersonProfiles, enabled });
}
