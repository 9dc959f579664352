import { personProfileSchema, type PersonProfileInput } from '@retouch/shared/person-profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const PATH = '/api/user/person-profiles';

/** `POST /api/user/person-profiles`, or `PUT /api/user/person-profiles/{id}` for a profile that has an id. */
function savePersonProfile({ id, body }: { id: string | null; body: PersonProfileInput }) {
  return id
    ? apiRequest(`${PATH}/${id}`, { method: 'PUT', body, schema: personProfileSchema })
    : apiRequest(PATH, { method: 'POST', body, schema: personProfileSchema });
}

export function useSavePersonProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.personProfiles }),
  });
}
