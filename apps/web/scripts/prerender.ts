// Writes the prerendered public pages into a client build (decision 29): `index.html` becomes the
// landing page, `<path>/index.html` each other public page, and `spa.html` keeps the empty app shell
// the server sends for every other route, with a modulepreload of Ant Design's providers, which every
// other page needs (src/main.tsx waits for them). Each page's HTML gets its title and description,
// the app's stylesheet inline (a few KiB: no request stands between the HTML and its first paint), and
// a modulepreload of its page chunk, so that hydrating it waits for no second round trip.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '../src/app/public-pages';
import type { PrerenderedPage } from '../src/entry-server';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROOT_ELEMENT = '<div id="root"></div>';
/** The chunk of Ant Design's providers (src/components/antd-loader.tsx loads it). */
const ANTD_SCOPE = 'src/components/antd-scope.tsx';
/** As vite.config.ts compresses the other assets: files from 1 KiB, kept when smaller. */
const COMPRESSION_THRESHOLD = 1024;

/** The chunk and every chunk it imports statically, transitively (what must load before it runs). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, pattern: RegExp | string, replacement: string, what: string): string {
  const found = typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html);
  if (!found) throw new Error(`index.html has no ${what} to prerender into`);
  return html.replace(pattern, () => replacement);
}

/** The built index.html with its stylesheets inline, the template of every prerendered page. */
async function inlineStylesheets(outDir: string, html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  for (const [link, file] of links) {
    const css = await readFile(path.join(outDir, file!), 'utf8');
    html = html.replace(link, () => `<style>${css.trim()}</style>`);
  }
  return html;
}

/** Links preloading the chunk and what it imports statically, beyond what the entry loads already. */
function preloadsOf(manifest: Manifest, source: string, loadedWithEntry: Set<string>): string[] {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build`);
  const chunks = [...staticClosure(manifest, source)].filter((key) => !loadedWithEntry.has(key));
  return [
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`),
    ...chunks
      .flatMap((key) => manifest[key]!.css ?? [])
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
}

/** The template with the links added at the end of its head. */
function withPreloads(html: string, preloads: string[]): string {
  if (!preloads.length) return html;
  return replaceOnce(html, /\n\s*<\/head>/, `\n    ${preloads.join('\n    ')}\n  </head>`, '</head>');
}

/** The page's HTML: the template with the page's head, preloads and root content. */
function pageHtml(template: string, page: PrerenderedPage, preloads: string[]): string {
  let html = template;
  if (page.title) {
    html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`, 'title');
  }
  if (page.description) {
    html = replaceOnce(
      html,
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
      'meta description',
    );
  }
  html = withPreloads(html, preloads);
  return replaceOnce(html, ROOT_ELEMENT, `<div id="root">${page.html}</div>`, ROOT_ELEMENT);
}

/** Writes the file with its brotli and gzip copies (@fastify/static sends them, preCompressed). */
async function writeServed(outDir: string, file: string, content: string) {
  const target = path.join(outDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  const raw = Buffer.from(content);
  const copies = [
    [`${target}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    [`${target}.gz`, gzipSync(raw, { level: 9 })],
  ] as const;
  for (const [copy, compressed] of copies) {
    // A copy from the template's compression must never outlive the file it was made of.
    await rm(copy, { force: true });
    if (raw.length >= COMPRESSION_THRESHOLD && compressed.length < raw.length) {
      await writeFile(copy, compressed);
    }
  }
}

/** Prerenders every public page into `outDir` (a client build) with the server bundle; returns their paths. */
export async function prerender({ outDir, serverEntry }: { outDir: string; serverEntry: string }) {
  const { prerenderPage } = (await import(pathToFileURL(serverEntry).href)) as {
    prerenderPage: (path: string) => Promise<PrerenderedPage>;
  };
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build.manifest must be on`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest names no entry chunk');
  const loadedWithEntry = staticClosure(manifest, entryKey);
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`the built index.html has no empty ${ROOT_ELEMENT}`);

  await writeServed(
    outDir,
    'spa.html',
    withPreloads(template, preloadsOf(manifest, ANTD_SCOPE, loadedWithEntry)),
  );
  const pageTemplate = await inlineStylesheets(outDir, template);
  for (const page of PRERENDERED_PAGES) {
    const preloads = page.source ? preloadsOf(manifest, page.source, loadedWithEntry) : [];
    const rendered = await prerenderPage(page.path);
    const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
    await writeServed(outDir, file, pageHtml(pageTemplate, rendered, preloads));
  }
  return PRERENDERED_PAGES.map((page) => page.path);
}
