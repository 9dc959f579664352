import { socialCallbackApiPath, type SocialProvider } from '@retouch/shared/social-login';
import { userInfoSchema } from '@retouch/shared/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The provider's callback on the server, with the query the provider sent the browser back with. */
function completeSocialLogin(provider: SocialProvider, search: string) {
  return apiRequest(`${socialCallbackApiPath(provider)}${search}`, { schema: userInfoSchema });
}

// A query rather than a mutation so the single-use state is sent once, even when the effect runs twice.
export function useCompleteSocialLogin(provider: SocialProvider | null, search: string) {
  return useQuery({
    queryKey: ['social-login', provider, search],
    queryFn: () => {
      if (!provider) throw new Error('Unknown sign-in provider');
      return completeSocialLogin(provider, search);
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
