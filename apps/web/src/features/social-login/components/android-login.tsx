import { useLocation } from 'react-router';
import { useAndroidLogin } from '../api/android-login';
import { SigningIn } from './signing-in';
import { useStoreLoginResult } from './use-store-login-result';

/** The mobile app's signed link: logs in and goes to /core (or /login with the error). */
export function AndroidLogin() {
  const { search } = useLocation();
  useStoreLoginResult(useAndroidLogin(search), '/core');
  return <SigningIn />;
}
