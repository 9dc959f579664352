import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Tests that build apps of their own: start-up is slow on a busy machine. */
const OWN_APP_TIMEOUT_MS = 120_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the probes', () => {
  it('answers /healthz and /readyz without a session', async () => {
    const health = await t.client().get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');

    const ready = await t.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers 503 naming a registered dependency that fails, and 200 again once it answers', async () => {
    let queueUp = false;
    t.app.readiness.add('queue', async () => {
      if (!queueUp) throw new Error('queue unreachable');
    });
    const down = await t.client().get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'unavailable',
      failing: ['queue'],
      checks: { database: 'ok', queue: 'failing' },
    });
    // The reason stays in the log: the probe is public.
    expect(JSON.stringify(down.body)).not.toContain('unreachable');

    queueUp = true;
    expect((await t.client().get('/readyz')).status).toBe(200);
    expect(() => t.app.readiness.add('queue', async () => undefined)).toThrow(/already registered/);
  });

  it(
    'answers 503 naming the database once it is gone, while /healthz still says the process lives',
    async () => {
      const lost = await createTestApp();
      try {
        expect((await lost.client().get('/readyz')).status).toBe(200);
        await lost.database.close();
        const ready = await lost.client().get('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({ status: 'unavailable', failing: ['database'] });
        expect((await lost.client().get('/healthz')).status).toBe(200);
      } finally {
        await lost.app.close();
        await rm(lost.config.DATA_DIR, { recursive: true, force: true });
      }
    },
    OWN_APP_TIMEOUT_MS,
  );

  it(
    'keeps the probes and /metrics out of the web app fallback',
    async () => {
      const dist = await mkdtemp(path.join(os.tmpdir(), 'retouch-dist-'));
      await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Retouch</title>');
      const web = await createTestApp({ WEB_DIST_DIR: dist });
      try {
        const page = await web.client().get('/admin/orders');
        expect(page.status).toBe(200);
        expect(page.body).toContain('<title>Retouch</title>');

        expect(await web.client().get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
        expect((await web.client().get('/readyz')).body).toMatchObject({ status: 'ok' });
        const metrics = await web.client().get('/metrics');
        expect(metrics.status).toBe(404);
        expect(metrics.body).toEqual({ message: 'Not found' });
      } finally {
        await web.close();
        await rm(dist, { recursive: true, force: true });
      }
    },
    OWN_APP_TIMEOUT_MS,
  );
});

describe('request ids', () => {
  const withRequestId = (value?: string) =>
    fetch(`${t.baseUrl}/healthz`, { headers: value === undefined ? {} : { 'x-request-id': value } });

  it("echoes the caller's X-Request-Id when it is sane", async () => {
    const answer = await withRequestId('lb-7f3a.2024:edge_1');
    expect(answer.headers.get('x-request-id')).toBe('lb-7f3a.2024:edge_1');
  });

  it('replaces a missing, overlong or unsafe id with a fresh UUID', async () => {
    const ids = [];
    for (const given of [undefined, 'x'.repeat(129), 'two words', '"quoted"', 'a{b}']) {
      const id = (await withRequestId(given)).headers.get('x-request-id');
      expect(id, String(given)).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends the id with errors too', async () => {
    const answer = await fetch(`${t.baseUrl}/api/user/info`, { headers: { 'x-request-id': 'trace-401' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe('trace-401');
  });
});
