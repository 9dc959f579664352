import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForState } from '../../test/limits';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The JSON lines one server logged, parsed. */
function logOf() {
  const entries: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        entries.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, entries };
}

/** The lines about one request (its id), however they were written. */
const aboutRequest = (entries: Array<Record<string, unknown>>, requestId: string) =>
  entries.filter((entry) => entry.reqId === requestId);

const METRICS_TOKEN = 'metrics-token-for-tests';
/** Probes, the scrape and the web app's files: logged at debug only. */
const QUIET = ['/healthz', '/readyz', '/metrics', '/assets/app-1a2b.js', '/'];
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'retouch-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Retouch</title>');
  await writeFile(path.join(dist, 'assets/app-1a2b.js'), 'console.log(1)');
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('the request log (issue 24)', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  async function serverLogging(level: 'info' | 'debug') {
    const log = logOf();
    t = await createTestApp(
      { LOG_LEVEL: level, WEB_DIST_DIR: dist, METRICS_TOKEN: METRICS_TOKEN },
      { logStream: log.stream },
    );
    return { t, entries: log.entries };
  }

  it('writes one line a request at info: method, path without its query, status, time and request id', async () => {
    const { t, entries } = await serverLogging('info');
    const answer = await fetch(`${t.baseUrl}/api/services?lang=en&token=abc`);
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id')!;
    const missing = await fetch(`${t.baseUrl}/api/no-such-route?x=1`);
    const missingId = missing.headers.get('x-request-id')!;
    await waitForState(() => expect(aboutRequest(entries, missingId)).not.toEqual([]));

    const lines = aboutRequest(entries, requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^GET \/api\/services 200 \d+(\.\d)? ms$/),
      request: { method: 'GET', path: '/api/services', status: 200, ms: expect.any(Number) },
    });
    expect(JSON.stringify(entries)).not.toContain('token=abc');
    expect(aboutRequest(entries, missingId)).toEqual([
      expect.objectContaining({
        request: expect.objectContaining({ path: '/api/no-such-route', status: 404 }),
      }),
    ]);
  });

  /** Asks for each quiet URL, then for a logged one, and waits for that one's line; the quiet ones' ids. */
  async function askQuietOnes(baseUrl: string, entries: Array<Record<string, unknown>>) {
    const ids: string[] = [];
    for (const url of QUIET) {
      const answer = await fetch(`${baseUrl}${url}`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.status, url).toBe(200);
      await answer.arrayBuffer();
      ids.push(answer.headers.get('x-request-id')!);
    }
    const marker = (await fetch(`${baseUrl}/api/services`)).headers.get('x-request-id')!;
    await waitForState(() => expect(aboutRequest(entries, marker)).toHaveLength(1));
    return ids;
  }

  it('does not log probes, metrics and the web app’s files at info', async () => {
    const { t, entries } = await serverLogging('info');
    for (const requestId of await askQuietOnes(t.baseUrl, entries))
      expect(aboutRequest(entries, requestId)).toEqual([]);
  });

  it('logs them at debug, one line each', async () => {
    const { t, entries } = await serverLogging('debug');
    const ids = await askQuietOnes(t.baseUrl, entries);
    QUIET.forEach((url, index) => {
      expect(aboutRequest(entries, ids[index]!), url).toEqual([
        expect.objectContaining({ level: 20, request: expect.objectContaining({ path: url, status: 200 }) }),
      ]);
    });
  });
});
