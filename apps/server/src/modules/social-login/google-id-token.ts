import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { googleProfile, type SocialProfile } from './social-login.providers';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const REQUEST_TIMEOUT_MS = 10_000;
/** Faults of the issuer (its key set unreachable or unreadable), not of the token: jose's codes. */
const ISSUER_FAULT_CODES = new Set(['ERR_JOSE_GENERIC', 'ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID']);

/** Checks Google ID tokens the mobile app sends: the issuer's signature, issuer, audience and lifetime. */
export interface GoogleIdTokenVerifier {
  /** The person of a valid token; throws otherwise (see `isIdTokenFault`). */
  verify(idToken: string, now: Date): Promise<SocialProfile>;
}

/** The `iss` values a token may carry: the configured issuer and, for Google's, the bare host Google also writes. */
export function acceptedIssuers(issuer: string): string[] {
  const configured = issuer.replace(/\/$/, '');
  return configured === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [configured];
}

/** True when the verification failed because of the token itself, not because the issuer could not be reached. */
export function isIdTokenFault(error: unknown): boolean {
  return error instanceof errors.JOSEError && !ISSUER_FAULT_CODES.has(error.code);
}

/**
 * A verifier for tokens issued to `clientId`; the issuer's key set address comes from its discovery
 * document, fetched once on first use (again after a failure); jose caches and refreshes the keys.
 */
export function createGoogleIdTokenVerifier(options: {
  issuer: string;
  clientId: string;
  allowHttp: boolean;
}): GoogleIdTokenVerifier {
  const issuers = acceptedIssuers(options.issuer);
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discoverKeys = async (): Promise<JWTVerifyGetKey> => {
    const url = secureUrl(`${issuers[0]}/.well-known/openid-configuration`, options.allowHttp);
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // OpenID Connect Discovery: the document must name the very issuer it was fetched for.
    if (document.issuer !== issuers[0] || typeof document.jwks_uri !== 'string') {
      throw new Error(`${url.href} is not the discovery document of ${issuers[0]}`);
    }
    return createRemoteJWKSet(secureUrl(document.jwks_uri, options.allowHttp), {
      timeoutDuration: REQUEST_TIMEOUT_MS,
    });
  };
  return {
    async verify(idToken, now) {
      keys ??= discoverKeys().catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      const { payload } = await jwtVerify(idToken, await keys, {
        issuer: issuers,
        audience: options.clientId,
        // Google signs ID tokens with RS256 only.
        algorithms: ['RS256'],
        currentDate: now,
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') {
        throw new errors.JWTClaimValidationFailed('"sub" claim must be a string', payload, 'sub', 'invalid');
      }
      return googleProfile({ ...payload, sub: payload.sub });
    },
  };
}

/** Plain http only outside production, for the local provider of tests. */
function secureUrl(address: string, allowHttp: boolean): URL {
  const url = new URL(address);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new Error(`${address} is not an https address`);
  }
  return url;
}
