// `npm run build`: the web app into dist/ (or `--outDir <dir>`, relative to apps/web): Vite's client
// build, a server build of the same app (src/entry-server.tsx), then the public pages prerendered
// with it into the client build (scripts/prerender.ts, decision 29).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { prerender } from './prerender';

const root = path.join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } });
const outDir = path.resolve(root, values.outDir);

// The server bundle imports react, antd and the rest as they are: it must sit where node_modules is
// found. A folder of its own per build, so builds into several out dirs may run at once.
const cache = path.join(root, 'node_modules/.cache');
await mkdir(cache, { recursive: true });
const serverDir = await mkdtemp(path.join(cache, 'prerender-'));
try {
  await build({ root, build: { outDir, emptyOutDir: true } });
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const pages = await prerender({ outDir, serverEntry: path.join(serverDir, 'entry-server.js') });
  console.log(`prerendered ${pages.join(', ')} into ${path.relative(process.cwd(), outDir) || '.'}`);
} finally {
  await rm(serverDir, { recursive: true, force: true });
}
