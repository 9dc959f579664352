import { ANDROID_LOGIN_PAGE_PATH } from '@retouch/shared/social-login';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAndroidLogin } from '../api/android-login';
import { SigningIn } from './signing-in';
import { useStoreLoginResult } from './use-store-login-result';

/**
 * The mobile app's signed link: sent once and taken out of the address (a reload or the history must not
 * send a used link), then /core, or /login with the error or the pending confirmation.
 */
export function AndroidLogin() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Only at the exact address the server keeps other sites' pages from opening (login CSRF).
  const [link] = useState(pathname === ANDROID_LOGIN_PAGE_PATH ? search : '');
  useEffect(() => {
    if (search) void navigate(pathname, { replace: true });
  }, [pathname, search, navigate]);
  useStoreLoginResult(useAndroidLogin(link), '/core');
  return <SigningIn />;
}
