import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serverTextFor } from '../lib/answer-language';

/** The app shell the web build writes beside its prerendered pages (apps/web/scripts/prerender.ts). */
const SHELL = 'spa.html';

/**
 * The prerendered pages of a web build (decision 29), by route: `/` is index.html and `/<path>` (with
 * or without a trailing slash) is `<path>/index.html`. Read once at start, so a request never names a
 * file.
 */
export function prerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map([['/', 'index.html']]);
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const folder = path.relative(distDir, entry.parentPath).split(path.sep).join('/');
    if (!folder || folder.split('/').some((part) => part.startsWith('.') || part === 'assets')) continue;
    pages.set(`/${folder}`, `${folder}/index.html`);
    pages.set(`/${folder}/`, `${folder}/index.html`);
  }
  return pages;
}

/**
 * Serves the built web app: each prerendered public page its own HTML, every other route the app
 * shell (history-mode fallback); unknown /api routes answer 404 JSON.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir?: string }) => {
  const distDir = options.distDir ? path.resolve(options.distDir) : undefined;
  const hasWeb = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  // A build without prerendered pages has only index.html, the shell itself.
  const shell = hasWeb && existsSync(path.join(distDir, SHELL)) ? SHELL : 'index.html';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text assets (apps/web/vite.config.ts) and pages.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; the pages must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    for (const [route, file] of prerenderedPages(distDir)) {
      app.get(route, (_request, reply) => reply.sendFile(file));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/ws/');
    if (hasWeb && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').sendFile(shell);
    }
    return reply.status(404).send({ message: serverTextFor(request).notFound });
  });
});
