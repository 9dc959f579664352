import * as oidc from 'openid-client';
import { MAX_NAME_LENGTH } from '@retouch/shared/constants';
import { SOCIAL_PROVIDERS, socialReturnPath, type SocialProvider } from '@retouch/shared/social-login';
import type { Config } from '../../config';

/** Who the provider says signed in; `email` counts only when `emailVerified`. */
export interface SocialProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  giveName: string;
  familyName: string;
}

/** A provider the server can talk to: how to reach it and how to read the person from its tokens. */
export interface ProviderClient {
  provider: SocialProvider;
  /** OpenID Connect (an ID token with a nonce) rather than plain OAuth 2.0 with a profile API. */
  isOidc: boolean;
  scope: string;
  redirectUri: string;
  configuration(): Promise<oidc.Configuration>;
  readProfile(configuration: oidc.Configuration, tokens: TokenResponse): Promise<SocialProfile>;
}

type TokenResponse = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

const REQUEST_TIMEOUT_SECONDS = 10;

/** The providers whose client id and secret are set, in display order. */
function configuredProviders(config: Config): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => credentialsOf(config, provider) !== null);
}

/** A client per configured provider; Google's discovery runs once, on first use, and is retried after a failure. */
export function createProviderClients(config: Config): Map<SocialProvider, ProviderClient> {
  const clients = new Map<SocialProvider, ProviderClient>();
  for (const provider of configuredProviders(config)) {
    const credentials = credentialsOf(config, provider);
    if (!credentials) continue;
    const redirectUri = `${config.PUBLIC_URL}${socialReturnPath(provider)}`;
    // Plain http endpoints are allowed only outside production, for the local providers of tests.
    const allowHttp = !config.isProduction;
    if (provider === 'google') {
      clients.set(provider, googleClient(config.GOOGLE_ISSUER, credentials, redirectUri, allowHttp));
    } else if (provider === 'facebook') {
      clients.set(provider, facebookClient(config, credentials, redirectUri, allowHttp));
    } else {
      clients.set(provider, githubClient(config, credentials, redirectUri, allowHttp));
    }
  }
  return clients;
}

interface Credentials {
  clientId: string;
  clientSecret: string;
}

function credentialsOf(config: Config, provider: SocialProvider): Credentials | null {
  const pairs: Record<SocialProvider, [string | undefined, string | undefined]> = {
    google: [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    facebook: [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET],
    github: [config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET],
  };
  const [clientId, clientSecret] = pairs[provider];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

function googleClient(
  issuer: string,
  { clientId, clientSecret }: Credentials,
  redirectUri: string,
  allowHttp: boolean,
): ProviderClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  return {
    provider: 'google',
    isOidc: true,
    scope: 'openid email profile',
    redirectUri,
    configuration() {
      discovered ??= oidc
        .discovery(new URL(issuer), clientId, clientSecret, oidc.ClientSecretPost(clientSecret), {
          execute: allowHttp ? [oidc.allowInsecureRequests] : [],
          timeout: REQUEST_TIMEOUT_SECONDS,
        })
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    },
    async readProfile(_configuration, tokens) {
      const claims = tokens.claims();
      if (!claims) throw new Error('The token answer has no ID token');
      return googleProfile(claims);
    },
  };
}

/** The person a verified Google ID token describes (the web sign-in's and the mobile app's). */
export function googleProfile(claims: { sub: string; [claim: string]: unknown }): SocialProfile {
  const email = typeof claims.email === 'string' ? claims.email : null;
  return {
    subject: claims.sub,
    email,
    emailVerified: email !== null && claims.email_verified === true,
    ...splitName(claims.given_name, claims.family_name, claims.name, email),
  };
}

function facebookClient(
  config: Config,
  { clientId, clientSecret }: Credentials,
  redirectUri: string,
  allowHttp: boolean,
): ProviderClient {
  const configuration = plainOAuthConfiguration(
    { authorization: config.FACEBOOK_AUTH_URL, token: config.FACEBOOK_TOKEN_URL },
    { clientId, clientSecret },
    allowHttp,
  );
  return {
    provider: 'facebook',
    isOidc: false,
    scope: 'email public_profile',
    redirectUri,
    configuration: () => Promise.resolve(configuration),
    async readProfile(configuration, tokens) {
      const profile = await fetchJson(configuration, tokens.access_token, config.FACEBOOK_USERINFO_URL);
      const subject = stringOf(profile.id) ?? stringOf(profile.sub);
      if (!subject) throw new Error('The Facebook profile has no id');
      const email = stringOf(profile.email);
      return {
        subject,
        email,
        // Facebook hands out the e-mail only once the person has confirmed it; an explicit false still refuses.
        emailVerified: email !== null && profile.email_verified !== false,
        ...splitName(profile.first_name, profile.last_name, profile.name, email),
      };
    },
  };
}

function githubClient(
  config: Config,
  { clientId, clientSecret }: Credentials,
  redirectUri: string,
  allowHttp: boolean,
): ProviderClient {
  const configuration = plainOAuthConfiguration(
    { authorization: config.GITHUB_AUTH_URL, token: config.GITHUB_TOKEN_URL },
    { clientId, clientSecret },
    allowHttp,
  );
  const api = config.GITHUB_API_URL.replace(/\/$/, '');
  return {
    provider: 'github',
    isOidc: false,
    scope: 'read:user user:email',
    redirectUri,
    configuration: () => Promise.resolve(configuration),
    async readProfile(configuration, tokens) {
      const profile = await fetchJson(configuration, tokens.access_token, `${api}/user`);
      const emails = await fetchJson(configuration, tokens.access_token, `${api}/user/emails`);
      const subject = typeof profile.id === 'number' ? String(profile.id) : stringOf(profile.id);
      if (!subject) throw new Error('The GitHub profile has no id');
      const list = Array.isArray(emails) ? (emails as Array<Record<string, unknown>>) : [];
      const primary = list.find((entry) => entry.primary === true) ?? list[0];
      const email = stringOf(primary?.email);
      return {
        subject,
        email,
        emailVerified: email !== null && primary?.verified === true,
        ...splitName(undefined, undefined, profile.name ?? profile.login, email),
      };
    },
  };
}

/** A plain OAuth 2.0 server described by hand (Facebook and GitHub publish no discovery document). */
function plainOAuthConfiguration(
  endpoints: { authorization: string; token: string },
  { clientId, clientSecret }: Credentials,
  allowHttp: boolean,
): oidc.Configuration {
  const configuration = new oidc.Configuration(
    {
      issuer: new URL(endpoints.authorization).origin,
      authorization_endpoint: endpoints.authorization,
      token_endpoint: endpoints.token,
      code_challenge_methods_supported: ['S256'],
    },
    clientId,
    clientSecret,
    oidc.ClientSecretPost(clientSecret),
  );
  configuration.timeout = REQUEST_TIMEOUT_SECONDS;
  if (allowHttp) oidc.allowInsecureRequests(configuration);
  // No OpenID scope is asked for, so an ID token some server adds anyway is not ours to check.
  configuration[oidc.customFetch] = async (url, options) => {
    const response = await fetch(url, options);
    if (url !== endpoints.token || !response.ok) return response;
    const body = (await response.json()) as Record<string, unknown>;
    delete body.id_token;
    return Response.json(body, { status: response.status });
  };
  return configuration;
}

async function fetchJson(
  configuration: oidc.Configuration,
  accessToken: string,
  url: string,
): Promise<Record<string, unknown>> {
  const headers = new Headers({ accept: 'application/json' });
  const response = await oidc.fetchProtectedResource(
    configuration,
    accessToken,
    new URL(url),
    'GET',
    undefined,
    headers,
  );
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The person's first and last name from whatever the provider gives, else the e-mail's local part. */
function splitName(
  given: unknown,
  family: unknown,
  full: unknown,
  email: string | null,
): { giveName: string; familyName: string } {
  let giveName = stringOf(given);
  let familyName = stringOf(family);
  const whole = stringOf(full);
  if (!giveName && whole) {
    const [first, ...rest] = whole.split(/\s+/);
    giveName = first ?? null;
    familyName ??= rest.join(' ') || null;
  }
  giveName ??= email?.split('@')[0] ?? 'Customer';
  return {
    giveName: giveName.slice(0, MAX_NAME_LENGTH),
    familyName: (familyName ?? '').slice(0, MAX_NAME_LENGTH),
  };
}
