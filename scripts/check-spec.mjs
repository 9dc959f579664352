// `npm run check:spec`: every text the specification quotes is somewhere in the product (issue 36).
// Reads the documents of docs/spec/ (all but README.md and exceptions.md), takes each text they quote
// ('…', "…" or «…») that reads as words shown to a person, and looks for it in the string literals,
// template parts and JSX text of apps/web/src, apps/server/src and packages/shared/src (tests, fixtures
// and comments left out). Exits 1 listing each text found nowhere with its document and line, unless
// docs/spec/exceptions.md names it in its `excepted-texts` block.
// Usage: node scripts/check-spec.mjs [--root <folder holding docs/ and the source folders>]
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Required, not imported: an ESM import of the 9 MB CommonJS file first scans it for export names (0.4 s).
/** @type {typeof import('typescript')} */
const ts = createRequire(import.meta.url)('typescript');

const SOURCE_ROOTS = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];
const SPEC_DIR = 'docs/spec';
const EXCEPTIONS = 'exceptions.md';
/** The fence info string of the machine-readable list in exceptions.md. */
const EXCEPTED_BLOCK = 'excepted-texts';

/** @typedef {{ text: string, file: string, line: number }} QuotedText */

// '…' opens after a non-letter and closes before one; a quote between two letters is an apostrophe
// ('Passwords don't match'). "…" and «…» have no such ambiguity.
const QUOTE_PATTERNS = [
  /(?<![\p{L}\p{N}])'((?:[^'\n]|(?<=\p{L})'(?=\p{L}))+?)'(?![\p{L}\p{N}])/gu,
  /"([^"\n]+)"/gu,
  /«([^»\n]+)»/gu,
];

/**
 * Every quoted text of a markdown document, with its 1-based line.
 * @param {string} markdown @param {string} file @returns {QuotedText[]}
 */
export function quotedTexts(markdown, file) {
  /** @type {QuotedText[]} */
  const found = [];
  markdown.split('\n').forEach((content, index) => {
    for (const pattern of QUOTE_PATTERNS) {
      for (const match of content.matchAll(pattern))
        found.push({ text: match[1] ?? '', file, line: index + 1 });
    }
  });
  return found;
}

/**
 * Whether a quoted text is words shown to a person rather than a route, a field, an identifier or a
 * name: a path (/…), text without letters and one token of code (a dot, bracket, underscore, `=` or
 * camelCase) are not, nor is a text starting in lower case, which the documents use for names and
 * values (the events 'new order' and 'change orders', the state 'confirmation pending', the base
 * person's id 'photo') and for prose ("a generic 'something went wrong' notice").
 * @param {string} text
 */
export function isUserText(text) {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('/') || /^\w+:\/\//.test(trimmed)) return false;
  if (!/\p{L}/u.test(trimmed)) return false;
  const oneToken = !/\s/.test(trimmed);
  if (oneToken && /[._[\]{}()=<>]|\p{Ll}\p{Lu}/u.test(trimmed)) return false;
  if (/^\p{Ll}/u.test(trimmed)) return false;
  return true;
}

/**
 * The texts a quoted one stands for: a word of alternatives joined by '/' is one text per alternative
 * ('Роль успешно изменена/удалена' is 'Роль успешно изменена' and 'Роль успешно удалена').
 * @param {string} text @returns {string[]}
 */
export function alternativesOf(text) {
  const words = text.split(' ');
  const at = words.findIndex((word) => /^\p{L}+(?:\/\p{L}+)+\p{P}?$/u.test(word));
  if (at === -1) return [text];
  const word = words[at] ?? '';
  const ending = /\p{P}$/u.test(word) ? word.slice(-1) : '';
  const choices = word.slice(0, word.length - ending.length).split('/');
  return choices.flatMap((choice) =>
    alternativesOf([...words.slice(0, at), choice + ending, ...words.slice(at + 1)].join(' ')),
  );
}

/**
 * The fixed parts of a text that must each be found: a placeholder ends or splits it, a trailing ' ...'
 * or ' …' (filled in by the product: 'for reason: ...') or a lone capital N (a number: 'Person N').
 * An ellipsis that ends a word ('Что-то пошло не так...') is part of the text.
 * @param {string} text @returns {string[]}
 */
export function fixedParts(text) {
  return text
    .replace(/\s+(?:\.\.\.|…)$/u, '')
    .split(/(?<![\p{L}\p{N}])N(?![\p{L}\p{N}])/u)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** @param {string} text */
const normalise = (text) => text.replace(/\s+/g, ' ');

/**
 * The string literals, template parts and JSX text of one TypeScript or TSX source, comments left out.
 * @param {string} source @param {string} fileName @returns {string[]}
 */
export function literalsOf(source, fileName) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  // Comments are never read, so their JSDoc is not parsed either.
  const options = {
    languageVersion: ts.ScriptTarget.Latest,
    jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
  };
  const file = ts.createSourceFile(fileName, source, options, false, kind);
  /** @type {string[]} */
  const literals = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) literals.push(normalise(node.text));
    else if (ts.isJsxText(node)) literals.push(normalise(node.text).trim());
    ts.forEachChild(node, visit);
  };
  visit(file);
  return literals;
}

/** Test files, test folders and fixtures are not the product. @param {string} relative */
const isProductSource = (relative) =>
  /\.(?:m?[jt]sx?)$/.test(relative) &&
  !/\.(?:test|spec|fixtures?)\.[^/]+$/.test(relative) &&
  !/(?:^|\/)(?:test|tests|__tests__|__mocks__|fixtures)\//.test(relative);

/** @param {string} root @returns {Promise<string[]>} */
async function productFiles(root) {
  /** @type {string[]} */
  const files = [];
  for (const sourceRoot of SOURCE_ROOTS) {
    const folder = path.join(root, sourceRoot);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (isProductSource(path.relative(folder, file).split(path.sep).join('/'))) files.push(file);
    }
  }
  return files;
}

/**
 * The texts named in exceptions.md's `excepted-texts` fenced block, one a line.
 * @param {string} markdown @returns {Set<string>}
 */
export function exceptedTexts(markdown) {
  const texts = new Set();
  const fence = new RegExp('^```' + EXCEPTED_BLOCK + '[^\\n]*\\n([\\s\\S]*?)^```', 'gm');
  for (const block of markdown.matchAll(fence)) {
    for (const line of (block[1] ?? '').split('\n')) if (line.trim() !== '') texts.add(line.trim());
  }
  return texts;
}

/**
 * Whether `part` occurs in the joined literals with no letter or digit running on from either end
 * ('User' is not found in 'Username').
 * @param {string} haystack @param {string} part
 */
function occurs(haystack, part) {
  const wordChar = /[\p{L}\p{N}]/u;
  for (let at = haystack.indexOf(part); at !== -1; at = haystack.indexOf(part, at + 1)) {
    const before = haystack[at - 1] ?? '';
    const after = haystack[at + part.length] ?? '';
    const startsWord = wordChar.test(part.at(0) ?? '') && wordChar.test(before);
    const endsWord = wordChar.test(part.at(-1) ?? '') && wordChar.test(after);
    if (!startsWord && !endsWord) return true;
  }
  return false;
}

/** @param {string} text Source text as written: escapes and line breaks do not hide a literal's words. */
const loose = (text) => normalise(text.replaceAll('\\', ''));

/**
 * The specification's user texts that are neither in the product's code nor excepted.
 * @param {string} root
 * @returns {Promise<{ missing: QuotedText[], checked: number, staleExceptions: string[] }>}
 */
export async function checkSpec(root) {
  const specFolder = path.join(root, SPEC_DIR);
  const documents = (await readdir(specFolder))
    .filter((name) => name.endsWith('.md') && name !== 'README.md' && name !== EXCEPTIONS)
    .sort();
  /** @type {QuotedText[]} */
  const quoted = [];
  for (const name of documents) {
    const markdown = await readFile(path.join(specFolder, name), 'utf8');
    quoted.push(...quotedTexts(markdown, path.join(SPEC_DIR, name)).filter(({ text }) => isUserText(text)));
  }
  const exceptionsMarkdown = await readFile(path.join(specFolder, EXCEPTIONS), 'utf8').catch(() => '');
  const excepted = exceptedTexts(exceptionsMarkdown);
  const toFind = quoted
    .filter(({ text }) => !excepted.has(text))
    .flatMap((entry) => alternativesOf(normalise(entry.text.trim())).map((text) => ({ ...entry, text })))
    .filter(({ text }) => !excepted.has(text));
  const parts = [...new Set(toFind.flatMap(({ text }) => fixedParts(text)))];

  // Parsing is most of the time: only files whose raw text holds some part can hold it in a literal.
  const files = await productFiles(root);
  const sources = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  const literals = files.flatMap((file, index) => {
    const source = sources[index] ?? '';
    const raw = loose(source);
    return parts.some((part) => raw.includes(part)) ? literalsOf(source, file) : [];
  });
  // One string, literals apart by a character no text holds: one search per text instead of thousands.
  const haystack = literals.join('\u0000');

  const missing = toFind.filter(({ text }) => !fixedParts(text).every((part) => occurs(haystack, part)));
  const quotedSet = new Set(quoted.flatMap(({ text }) => [text, ...alternativesOf(normalise(text.trim()))]));
  const staleExceptions = [...excepted].filter((text) => !quotedSet.has(text));
  return { missing, checked: toFind.length, staleExceptions };
}

async function main() {
  const rootAt = process.argv.indexOf('--root');
  const root =
    rootAt === -1
      ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
      : path.resolve(process.argv[rootAt + 1] ?? '.');
  const { missing, checked, staleExceptions } = await checkSpec(root);
  for (const text of staleExceptions) {
    console.warn(
      `check:spec: ${SPEC_DIR}/${EXCEPTIONS} excepts '${text}', which the specification does not quote`,
    );
  }
  if (missing.length === 0) {
    console.log(`check:spec: all ${checked} texts the specification quotes are in the product`);
    return;
  }
  console.error(
    `check:spec: ${missing.length} of ${checked} texts the specification quotes are found nowhere in ` +
      `${SOURCE_ROOTS.join(', ')} (nor excepted in ${SPEC_DIR}/${EXCEPTIONS}):`,
  );
  for (const { file, line, text } of missing) console.error(`  ${file}:${line}  '${text}'`);
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
