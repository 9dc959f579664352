import { socialCallbackApiPath, type SocialProvider } from '@retouch/shared/social-login';
import { userInfoSchema } from '@retouch/shared/users';
import { apiRequest } from '@/lib/api-client';
import { useSingleUseQuery } from './single-use-query';

/** The provider's callback on the server, with the query the provider sent the browser back with. */
function completeSocialLogin(provider: SocialProvider, search: string) {
  return apiRequest(`${socialCallbackApiPath(provider)}${search}`, { schema: userInfoSchema });
}

/** The provider's state works once, so the callback is sent once per page (a refetch gets the first answer). */
export function useCompleteSocialLogin(provider: SocialProvider | null, search: string) {
  return useSingleUseQuery(['social-login', provider, search], async () => {
    if (!provider) throw new Error('Unknown sign-in provider');
    return completeSocialLogin(provider, search);
  });
}
