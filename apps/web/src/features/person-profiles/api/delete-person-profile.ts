import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/user/person-profiles/{id}`. */
async function deletePersonProfile(id: string): Promise<void> {
  await apiRequest(`/api/user/person-profiles/${id}`, { method: 'DELETE' });
}

export function useDeletePersonProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.personProfiles }),
  });
}
