import { socialProviderSchema, type SocialProvider } from '@retouch/shared/social-login';
import { useLocation } from 'react-router';
import { useCompleteSocialLogin } from '../api/complete-social-login';
import { SigningIn } from './signing-in';
import { useStoreLoginResult } from './use-store-login-result';

/** The provider of a `/login/{provider}-type` path. */
function providerOfPath(pathname: string): SocialProvider | null {
  const name = /^\/login\/([a-z]+)-type\/?$/.exec(pathname)?.[1];
  const parsed = socialProviderSchema.safeParse(name);
  return parsed.success ? parsed.data : null;
}

/** Where the provider sends the browser back: passes its query to the server, then goes to / (or /login). */
export function SocialLoginCallback() {
  const { pathname, search } = useLocation();
  const result = useCompleteSocialLogin(providerOfPath(pathname), search);
  useStoreLoginResult(result, '/');
  return <SigningIn />;
}
