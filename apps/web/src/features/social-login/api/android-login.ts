import { loginAnswerSchema, type LoginAnswer } from '@retouch/shared/auth';
import { SocialLoginText } from '@retouch/shared/social-login';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { useSingleUseQuery } from './single-use-query';

const BAD_REQUEST = 400;

/** `GET /api/login/google/android` with the mobile app's signed link: the user, or a pending confirmation. */
function androidLogin(link: string): Promise<LoginAnswer> {
  if (!link) return Promise.reject(new ApiError(BAD_REQUEST, SocialLoginText.androidInvalid));
  return apiRequest(`/api/login/google/android${link}`, { schema: loginAnswerSchema });
}

/** The app's link works once, so it is sent once per page. */
export function useAndroidLogin(link: string) {
  return useSingleUseQuery(['android-login', link], () => androidLogin(link));
}
