import { socialProvidersAnswerSchema, type SocialProvider } from '@retouch/shared/social-login';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/auth/providers`: the social sign-ins the server is configured for. */
async function getSocialProviders(): Promise<SocialProvider[]> {
  const answer = await apiRequest('/api/auth/providers', { schema: socialProvidersAnswerSchema });
  return answer.providers;
}

export function useSocialProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: getSocialProviders,
    staleTime: 5 * 60_000,
  });
}
