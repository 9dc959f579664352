import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives every setting a working local default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'development',
      SEED_DEMO: true,
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every invalid setting in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/ADMIN_EMAIL/);
    }
  });

  it('turns off the demo accounts and secures cookies in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ SEED_DEMO: false, COOKIE_SECURE: true });
  });

  it('refuses the test hooks in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_HOOKS: 'true' })).toThrow(/TEST_HOOKS/);
    expect(loadConfig({ TEST_HOOKS: 'true' }).TEST_HOOKS).toBe(true);
    expect(loadConfig({}).TEST_HOOKS).toBe(false);
  });

  it("keeps the mobile app's hash link off by default, and needs its secret to turn it on", () => {
    expect(loadConfig({ ANDROID_HMAC_SECRET: 'a-secret-of-16-chars' }).ANDROID_HASH_LOGIN).toBe(false);
    expect(() => loadConfig({ ANDROID_HASH_LOGIN: 'true' })).toThrow(/ANDROID_HMAC_SECRET/);
    expect(loadConfig({}).GOOGLE_ANDROID_CLIENT_ID).toBeUndefined();
  });
});
