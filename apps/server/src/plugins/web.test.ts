import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { prerenderedPages } from './web';

/** The built web app: served as the build wrote it, compressed where the browser accepts it. */
const script = `console.log(${JSON.stringify('retouch '.repeat(400))});`;
const html = (root: string) =>
  `<!doctype html><title>Retouch</title><script src="/assets/app-1a2b.js"></script>${'<!-- -->'.repeat(200)}<div id="root">${root}</div>`;
// The prerender's output (apps/web/scripts/prerender.ts): the landing page as index.html, a public page
// in its folder, and the empty app shell for every other route.
const landing = html('<main><h1>Photo retouching done by people</h1></main>');
const howToUse = html('<main><h1>How to use</h1></main>');
const shell = html('');

/** Writes the files of a build, each with its brotli and gzip copies. */
async function writeBuild(files: Record<string, string>) {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'retouch-dist-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  return dist;
}

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await writeBuild({
    'index.html': landing,
    'spa.html': shell,
    'how-to-use/index.html': howToUse,
    'assets/app-1a2b.js': script,
    // Vite's manifest folder: never a page.
    '.vite/index.html': howToUse,
  });
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress on its own), with the Accept-Encoding given or none. */
function get(baseUrl: string, url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(
        `${baseUrl}${url}`,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
    },
  );
}

describe('the built web app', () => {
  it('sends the brotli copy of a script to a browser that accepts it, cached for good', async () => {
    const answer = await get(t.baseUrl, '/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzip = await get(t.baseUrl, '/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get(t.baseUrl, '/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers each prerendered page with its own HTML, compressed and never cached', async () => {
    for (const [url, page] of [
      ['/', landing],
      ['/how-to-use', howToUse],
      ['/how-to-use/', howToUse],
      ['/how-to-use?from=footer', howToUse],
    ] as const) {
      const answer = await get(t.baseUrl, url, 'br');
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString(), url).toBe(page);
    }
    const gzip = await get(t.baseUrl, '/how-to-use', 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(howToUse);
  });

  it('answers every other app route with the empty app shell, compressed and never cached', async () => {
    for (const url of ['/history', '/admin/orders', '/how-to-use/more', '/.vite', '/assets']) {
      const answer = await get(t.baseUrl, url, 'br');
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString(), url).toBe(shell);
    }
  });

  it('still answers unknown API routes with 404 JSON', async () => {
    const answer = await get(t.baseUrl, '/api/no-such-route');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('a build without prerendered pages', () => {
  let plainApp: TestApp;
  let plainDist: string;
  beforeAll(async () => {
    plainDist = await writeBuild({ 'index.html': shell, 'assets/app-1a2b.js': script });
    plainApp = await createTestApp({ WEB_DIST_DIR: plainDist });
  });
  afterAll(async () => {
    await plainApp.close();
    await rm(plainDist, { recursive: true, force: true });
  });

  it('answers every app route with its index.html', async () => {
    for (const url of ['/', '/how-to-use', '/history']) {
      const answer = await get(plainApp.baseUrl, url, 'gzip');
      expect(answer.status, url).toBe(200);
      expect(gunzipSync(answer.body).toString(), url).toBe(shell);
    }
  });
});

describe('prerenderedPages', () => {
  it('maps / and each folder holding an index.html, never the assets or a dot folder', () => {
    expect(Object.fromEntries(prerenderedPages(dist))).toEqual({
      '/': 'index.html',
      '/how-to-use': 'how-to-use/index.html',
      '/how-to-use/': 'how-to-use/index.html',
    });
  });
});
