// Bundle figures of the web app: builds it (`npm run build`; `--no-build` reads apps/web/dist as it is),
// then from Vite's manifest the landing page's initial JavaScript (the entry chunk and every chunk it
// imports statically, which index.html preloads) and the lazy admin and editor chunks (the chunk, and
// what navigating there downloads beyond the initial chunks), raw and gzip (zlib level 6, as servers
// commonly serve). Writes bench/results/bundle.json.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { printTable, writeResult } from './report';

const ROOT = path.join(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const LAZY_CHUNKS = { admin: 'src/pages/admin/admin-area.tsx', editor: 'src/pages/core-page.tsx' };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function sizeOf(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const file of files) {
    const content = readFileSync(path.join(DIST, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 6 }).length;
    count += 1;
  }
  return { files: count, rawKb: kb(raw), gzipKb: kb(gzip) };
}

/** The chunk's file and the files of every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}
const filesOf = (manifest: Manifest, keys: Iterable<string>) =>
  new Set([...keys].map((key) => manifest[key]!.file));

if (!process.argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
} catch {
  throw new Error('apps/web/dist/.vite/manifest.json is missing: run `npm run build` (build.manifest is on)');
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('the manifest names no entry chunk');
const initialKeys = staticClosure(manifest, entryKey);
const initialFiles = filesOf(manifest, initialKeys);
// index.html must load exactly these: the entry script and a modulepreload for each static import.
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const htmlScripts = new Set(
  [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  ),
);
const matchesHtml =
  htmlScripts.size === initialFiles.size && [...htmlScripts].every((file) => initialFiles.has(file));
if (!matchesHtml) {
  console.warn(
    `index.html loads ${htmlScripts.size} scripts, the manifest's closure has ${initialFiles.size}`,
  );
}
const allJs = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'));

const lazy = Object.fromEntries(
  Object.entries(LAZY_CHUNKS).map(([name, key]) => {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} is not a lazy chunk of the build`);
    const closure = filesOf(manifest, staticClosure(manifest, key));
    const extra = [...closure].filter((file) => !initialFiles.has(file));
    return [
      name,
      {
        source: key,
        chunk: { file: manifest[key]!.file, ...sizeOf([manifest[key]!.file]) },
        onNavigation: sizeOf(extra),
      },
    ];
  }),
);
const figures = {
  gzipLevel: 6,
  landing: {
    entry: { file: manifest[entryKey]!.file, ...sizeOf([manifest[entryKey]!.file]) },
    initialJs: sizeOf(initialFiles),
    initialCss: sizeOf(manifest[entryKey]!.css ?? []),
    matchesIndexHtml: matchesHtml,
  },
  lazy,
  allJs: sizeOf(allJs),
};

printTable('Web bundle (KiB)', [
  { part: 'landing: entry chunk', ...figures.landing.entry },
  { part: 'landing: initial JS (entry + static imports)', ...figures.landing.initialJs },
  { part: 'landing: initial CSS', ...figures.landing.initialCss },
  ...Object.entries(lazy).flatMap(([name, chunk]) => [
    { part: `${name}: lazy chunk`, ...chunk.chunk },
    { part: `${name}: downloaded on navigation`, ...chunk.onNavigation },
  ]),
  { part: 'all JS of the build', ...figures.allJs },
]);
await writeResult('bundle', figures);
