import { z } from 'zod';

/** The social sign-in providers the site knows; each is offered only when the server has its keys. */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'github'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** The providers' names as a person reads them. */
export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
};

/** Minutes a started social sign-in (its state and PKCE verifier) stays usable. */
export const OAUTH_STATE_TTL_MINUTES = 10;

/** `GET /api/auth/providers`: the providers the server is configured for. */
export const socialProvidersAnswerSchema = z.object({ providers: z.array(socialProviderSchema) });
export type SocialProvidersAnswer = z.infer<typeof socialProvidersAnswerSchema>;

/** The full-page address that starts a provider's sign-in. */
export function socialStartPath(provider: SocialProvider): string {
  return `/api/auth/${provider}`;
}

/** The web route the provider sends the browser back to (the OAuth redirect_uri's path). */
export function socialReturnPath(provider: SocialProvider): string {
  return `/login/${provider}-type`;
}

/** The server call that completes a provider's sign-in with the query the provider returned. */
export function socialCallbackApiPath(provider: SocialProvider): string {
  return provider === 'github' ? '/api/auth/github/callback' : `/api/login/${provider}/callback`;
}

/** The query a provider sends back: a code and our state, or an error (the person declined). */
export const socialCallbackQuerySchema = z.object({
  state: z.string().min(1).max(200).optional(),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** The web page the mobile app opens with its link; it sends the link on to the hook once. */
export const ANDROID_LOGIN_PAGE_PATH = '/login/android';

/** The mobile app's login with Google: the ID token Google issued to the app for this server. */
export const androidIdTokenQuerySchema = z.object({ id_token: z.string().min(1).max(8192) });
export type AndroidIdTokenQuery = z.infer<typeof androidIdTokenQuerySchema>;

/**
 * The mobile app's hash link query (only when the server turns it on); `user_id` may not contain the
 * separator of the signed message; `iat` is when the app signed it, in Unix seconds.
 */
export const androidLoginQuerySchema = z.object({
  email: z.email(),
  user_id: z
    .string()
    .min(1)
    .max(200)
    .refine((value) => !value.includes('|')),
  user_name: z.string().max(200).default(''),
  iat: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  hash: z.string().max(200).optional(),
});
export type AndroidLoginQuery = z.input<typeof androidLoginQuerySchema>;

/** Seconds a hash link is accepted after its `iat`. */
export const ANDROID_LINK_TTL_SECONDS = 5 * 60;
/** Seconds a hash link's `iat` may be ahead of the server's clock (the phone's clock drifts). */
export const ANDROID_LINK_CLOCK_SKEW_SECONDS = 60;

/**
 * The message the mobile app signs: `email|user_id|user_name|iat`, exactly as sent in the query (UTF-8);
 * the hash is the lower-case hex HMAC-SHA256 of it with the shared secret.
 */
export function androidHashMessage(email: string, userId: string, userName: string, iat: string): string {
  return `${email}|${userId}|${userName}|${iat}`;
}

/** Texts of social sign-in and the mobile-app hook, as the customer reads them. */
export const SocialLoginText = {
  orContinueWith: 'or continue with',
  continueWith: (provider: SocialProvider) => `Continue with ${SOCIAL_PROVIDER_LABELS[provider]}`,
  signingIn: 'Signing you in…',
  providerUnavailable: 'This sign-in method is not available',
  stateInvalid: 'This sign-in has expired or was already used. Please try again.',
  cancelled: 'The sign-in was cancelled',
  providerFailed: (provider: SocialProvider) =>
    `The sign-in with ${SOCIAL_PROVIDER_LABELS[provider]} failed. Please try again.`,
  providerUnreachable: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_LABELS[provider]} cannot be reached right now. Please try again later.`,
  emailNotVerified: (provider: SocialProvider) =>
    `Your ${SOCIAL_PROVIDER_LABELS[provider]} account's e-mail is not verified`,
  androidUnavailable: 'The mobile app sign-in is not available',
  androidInvalid: 'The mobile app sign-in link is invalid',
  androidHashInvalid: 'The mobile app sign-in link is not signed correctly',
  androidTokenInvalid: 'The Google sign-in from the mobile app could not be verified. Please try again.',
  androidLinkExpired: 'The mobile app sign-in link has expired. Please try again.',
  androidLinkUsed: 'The mobile app sign-in link was already used. Please try again.',
  androidStaffRefused:
    'Staff accounts cannot sign in with the mobile app link. Please sign in with your password.',
  androidForeignRefused: 'The mobile app sign-in can only be opened from the app. Please try again there.',
  androidConfirmEmail:
    'We have sent a confirmation link to your email. Please confirm it, then sign in from the app again.',
  staffRefused: (provider: SocialProvider) =>
    `Staff accounts cannot sign in with ${SOCIAL_PROVIDER_LABELS[provider]}. Please sign in with your password.`,
} as const;
