import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment setting, with its default. Parsed once at start; a bad value stops the process. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Several instances: socket.io fan-out, rate-limit counters and cache invalidation go through Redis. */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Prefix of every Redis key and channel, so deployments (or test runs) can share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]+$/)
      .default('retouch:'),
    PUBLIC_URL: z.url().optional(),
    WEB_DIST_DIR: z.string().optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    DEMO_PASSWORD: z.string().min(6).optional(),
    SEED_DEMO: booleanFromEnv.optional(),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().default(587),
    SMTP_SECURE: booleanFromEnv.default(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    MAIL_FROM: z.string().default('Retouch <no-reply@retouch.local>'),
    /**
     * Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it). Unset outside
     * production, a pair is generated once and kept in the database; unset in production, Web Push is off.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}=?$/, 'must be a P-256 public key, base64url (65 bytes)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}=?$/, 'must be a P-256 private key, base64url (32 bytes)')
      .optional(),
    /** Whom push services may contact about this server's pushes; unset, mailto: SUPPORT_EMAIL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /** Per account (plugins/user-rate-limit.ts): orders sent, tips and revision requests, password changes. */
    ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    ORDER_ACTION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    PASSWORD_CHANGE_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).default(5),
    /** Per account: person profiles added, changed or deleted (reads may be four times as many). */
    PERSON_PROFILE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Per address, like the sign-in routes: logging out costs a session lookup and a socket sweep. */
    LOGOUT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    COOKIE_SECURE: booleanFromEnv.optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    CRYPTO_PROVIDER: z.enum(['sandbox', 'nowpayments']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    NOWPAYMENTS_API_KEY: z.string().optional(),
    NOWPAYMENTS_IPN_SECRET: z.string().optional(),
    NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io/v1'),
    TAX_RATE: z.coerce.number().min(0).max(1).default(0),
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
    /** How often each instance sweeps deadlines and matches waiting orders; 0 turns the timer off. */
    DISPATCH_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
    /** How often each instance renews the presence of the staff connected to it (docs/decisions/0024). */
    PRESENCE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).default(5),
    /** A searching designer or moderator not seen this long (their instance died) is offered nothing. */
    PRESENCE_TIMEOUT_SECONDS: z.coerce.number().int().min(2).default(20),
    /** A designer or moderator holding an order and not seen this long loses it to the queue. */
    HOLDER_GRACE_SECONDS: z.coerce.number().int().min(2).default(60),
    /**
     * With Redis: how often instances compare their socket counts, one holding clearly more than its
     * share letting the excess reconnect elsewhere (plugins/socket-rebalance.ts); 0 turns it off.
     */
    SOCKET_REBALANCE_SECONDS: z.coerce.number().int().min(0).default(60),
    /** Work handed to staff and not confirmed by their client is sent again after this long (decision 46). */
    ASSIGNMENT_RESEND_SECONDS: z.coerce.number().int().min(1).default(5),
    /** Work handed to staff and never confirmed goes back to the queue after this long (decision 46). */
    ASSIGNMENT_GIVE_UP_SECONDS: z.coerce.number().int().min(2).default(60),
    /** How long an instance trusts a session and permissions it read without a change announced; 0 turns the cache off. */
    ACCESS_CACHE_SECONDS: z.coerce.number().int().min(0).default(10),
    /** The public site's footer and policies (customer side section 1). */
    SUPPORT_EMAIL: z.email().default('support@retouch.local'),
    COMPANY_ADDRESS: z.string().default('Retouch sp. z o.o., ul. Prosta 20, 00-850 Warszawa, Poland'),
    FEEDBACK_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** Social login: a provider is offered when its client id and secret are set. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** The OIDC issuer; Google's unless pointed elsewhere (the tests point it at a local provider). */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
    FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
    FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/me?fields=id,name,email'),
    GITHUB_CLIENT_ID: z.string().optional(),
    GITHUB_CLIENT_SECRET: z.string().optional(),
    GITHUB_AUTH_URL: z.url().default('https://github.com/login/oauth/authorize'),
    GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
    GITHUB_API_URL: z.url().default('https://api.github.com'),
    /** The client id the mobile app gets Google ID tokens for (their `aud`); unset, the app's login hook answers 404. */
    GOOGLE_ANDROID_CLIENT_ID: z.string().optional(),
    /** The spec's hash link on the app's login hook (its secret ships in the app, so it is public): off by default. */
    ANDROID_HASH_LOGIN: booleanFromEnv.default(false),
    /** The mobile app's shared secret of the hash link; needed by ANDROID_HASH_LOGIN. */
    ANDROID_HMAC_SECRET: z.string().min(16).optional(),
    /** Days an order's pictures are kept (customer side section 1). */
    PICTURE_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    /** Where files live: the local disk under DATA_DIR/files, or a private S3-compatible bucket (S3_*). */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** The s3 driver's bucket; never public (pictures are served through the API or signed URLs). */
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    /** An S3-compatible service's URL (MinIO, R2, ...); unset for AWS S3 itself. */
    S3_ENDPOINT: z.url().optional(),
    /** Given together; both unset, the AWS SDK's default chain applies (AWS_* variables, an instance role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** The bucket in the path (host/bucket/key) instead of the host name; MinIO and most compatibles need it. */
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    /** Order pictures and avatars answer a redirect to a presigned URL (after the access check) instead of streaming. */
    S3_SIGNED_URLS: booleanFromEnv.default(false),
    /** A presigned URL lives at least this long and at most twice; the same URL is given out meanwhile. */
    S3_SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** The bucket's address as browsers reach it, when S3_ENDPOINT is an internal one (signed URLs only). */
    S3_PUBLIC_ENDPOINT: z.url().optional(),
    /** Tests: an answer its route's schema would change (a field dropped, keys reordered) is a 500 (decision 38). */
    EXACT_ANSWERS: booleanFromEnv.default(false),
    /** Routes under /api/test that the browser journeys use to set up states; never in production. */
    TEST_HOOKS: booleanFromEnv.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token Prometheus sends to GET /metrics; unset, /metrics answers 404. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** Swagger UI and the OpenAPI document at /api/docs; unset, on outside production and off in it. */
    API_DOCS: booleanFromEnv.optional(),
    /** Milliseconds a SIGTERM/SIGINT shutdown may take before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /**
     * Seconds a request may take to arrive whole (headers and body) before it is answered 408: the largest
     * form (an order's three pictures, about 79 MB) still arrives at 2.1 Mbit/s.
     */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
    /**
     * Seconds a connection may stay silent in the middle of a request (a body that stopped coming, or an
     * answer nobody reads) before it is closed; socket.io's polling answers within its 25 s ping.
     */
    REQUEST_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  })
  .superRefine((env, context) => {
    const require = (key: keyof typeof env, because: string) => {
      if (!env[key]) context.addIssue({ code: 'custom', path: [key], message: `required ${because}` });
    };
    if (env.TEST_HOOKS && env.NODE_ENV === 'production') {
      context.addIssue({ code: 'custom', path: ['TEST_HOOKS'], message: 'must be off in production' });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        require(key, 'when PAYMENT_PROVIDER is stripe');
      }
    }
    if (env.CRYPTO_PROVIDER === 'nowpayments') {
      for (const key of ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'] as const) {
        require(key, 'when CRYPTO_PROVIDER is nowpayments');
      }
    }
    if (env.ANDROID_HASH_LOGIN) require('ANDROID_HMAC_SECRET', 'when ANDROID_HASH_LOGIN is on');
    if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
      for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
        require(key, 'with the other VAPID key');
      }
    }
    if (env.STORAGE_DRIVER === 's3') {
      require('S3_BUCKET', 'when STORAGE_DRIVER is s3');
      if (env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) {
        for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
          require(key, 'with the other S3 access key setting');
        }
      }
    } else if (env.S3_SIGNED_URLS) {
      context.addIssue({ code: 'custom', path: ['S3_SIGNED_URLS'], message: 'needs STORAGE_DRIVER=s3' });
    }
  })
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR);
    return {
      ...env,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
      PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
      COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
      API_DOCS: env.API_DOCS ?? env.NODE_ENV !== 'production',
      VAPID_SUBJECT: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      isProduction: env.NODE_ENV === 'production',
    };
  });

export type Config = z.infer<typeof configSchema>;

/** Thrown with every invalid setting listed, so start-up fails with one readable message. */
export class ConfigError extends Error {}

/** Reads the configuration from an environment; throws ConfigError naming each bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
