import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment setting, with its default. Parsed once at start; a bad value stops the process. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
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
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
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
    /** Routes under /api/test that the browser journeys use to set up states; never in production. */
    TEST_HOOKS: booleanFromEnv.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
