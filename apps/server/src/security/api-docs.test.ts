import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Tests that build apps of their own: start-up is slow on a busy machine. */
const OWN_APP_TIMEOUT_MS = 120_000;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function docsStatus(overrides: Record<string, string>) {
  t = await createTestApp(overrides);
  const json = await t.client().get('/api/docs/json');
  const page = await t.client().get('/api/docs/');
  return { json: json.status, page: page.status };
}

describe('the API documentation at /api/docs', () => {
  it(
    'is hidden in production unless API_DOCS=true',
    async () => {
      expect(await docsStatus({ NODE_ENV: 'production' })).toEqual({ json: 404, page: 404 });
    },
    OWN_APP_TIMEOUT_MS,
  );

  it(
    'is served in production with API_DOCS=true',
    async () => {
      expect(await docsStatus({ NODE_ENV: 'production', API_DOCS: 'true' })).toEqual({
        json: 200,
        page: 200,
      });
    },
    OWN_APP_TIMEOUT_MS,
  );

  it(
    'is served outside production by default, and can be turned off there',
    async () => {
      expect(await docsStatus({})).toEqual({ json: 200, page: 200 });
      await t?.close();
      expect(await docsStatus({ API_DOCS: 'false' })).toEqual({ json: 404, page: 404 });
    },
    OWN_APP_TIMEOUT_MS,
  );

  it('defaults API_DOCS to off in production and on elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).API_DOCS).toBe(true);
  });
});
