import { userInfoSchema } from '@retouch/shared/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/login/google/android` with the mobile app's signed query passed through. */
function androidLogin(search: string) {
  return apiRequest(`/api/login/google/android${search}`, { schema: userInfoSchema });
}

export function useAndroidLogin(search: string) {
  return useQuery({
    queryKey: ['android-login', search],
    queryFn: () => androidLogin(search),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
