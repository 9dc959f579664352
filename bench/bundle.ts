// Bundle figures of the web app: builds it (`npm run build`; `--no-build` reads apps/web/dist as it is,
// `--dist <dir>` another build as it is), then from Vite's manifest the landing page's initial
// JavaScript (the entry chunk and every chunk it imports statically, which index.html preloads) and the
// lazy chunks of Ant Design's providers, the admin area and the editor (the chunk, and what navigating
// there downloads beyond the initial chunks), raw and gzip (zlib level 6, as servers commonly serve);
// and whether each public page's HTML holds its content before any script runs (the prerendered pages
// of decision 29). Writes bench/results/bundle.json with its goals (issue 20).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { goal, printGoals, printTable, writeResult } from './report';

const ROOT = path.join(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' } },
});
const DIST = options.dist ? path.resolve(options.dist) : path.join(ROOT, 'apps/web/dist');
const LAZY_CHUNKS = {
  // Ant Design and its providers: what the first page built with it brings (spa.html preloads it).
  antd: 'src/components/antd-scope.tsx',
  admin: 'src/pages/admin/admin-area.tsx',
  editor: 'src/pages/core-page.tsx',
};
/** The public pages of the customer site (customer side section 1): each must come as HTML with its content. */
const PUBLIC_PAGES = [
  '/',
  '/how-to-use',
  '/about',
  '/portfolio',
  '/privacy-policy',
  '/terms-of-use',
  '/refund-policy',
  '/contact-us',
];
/** Issue 20's limit of the landing page's initial JavaScript, gzip. */
const LANDING_JS_LIMIT_KIB = 170;

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

if (!options['no-build'] && !options.dist)
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
} catch {
  throw new Error(`${DIST}/.vite/manifest.json is missing: run \`npm run build\` (build.manifest is on)`);
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
/**
 * What a visitor's browser gets for a public page before any script runs: the page's own heading and
 * text in its <main> (the app shell has an empty root; data from the API comes later either way).
 */
function publicPage(route: string) {
  // As apps/server/src/plugins/web.ts answers: `/` is index.html, `/<path>` is <path>/index.html.
  const file = route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
  if (!existsSync(path.join(DIST, file)))
    return { route, file: null, heading: null, mainTextChars: 0, htmlGzipKb: 0 };
  const html = readFileSync(path.join(DIST, file), 'utf8');
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
  const text = (markup: string) =>
    markup
      .replace(/<svg[\s\S]*?<\/svg>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1];
  return {
    route,
    file,
    heading: heading ? text(heading) : null,
    mainTextChars: text(main).length,
    htmlGzipKb: kb(gzipSync(html, { level: 6 }).length),
  };
}
const publicPages = PUBLIC_PAGES.map(publicPage);
const withContent = publicPages.filter((page) => page.heading).length;

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
  publicPages: { withContent, pages: publicPages },
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
printTable(
  'Public pages: what the HTML holds before any script runs',
  publicPages.map((page) => ({ ...page, file: page.file ?? 'missing' })),
);
const goals = [
  goal(
    'landing page initial JavaScript, gzip',
    figures.landing.initialJs.gzipKb,
    '≤',
    LANDING_JS_LIMIT_KIB,
    'KiB',
  ),
  goal('public pages with their content in the HTML', withContent, '≥', PUBLIC_PAGES.length, 'pages'),
];
printGoals(goals);
await writeResult('bundle', { ...figures, goals });
