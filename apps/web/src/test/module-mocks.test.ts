import { describe, expect, it } from 'vitest';

/**
 * The files of a worker share their modules (isolate: false in vitest.config.ts), so a module mocked in
 * one file is what every later file of that worker gets, whichever mock it asked for: two files mocking
 * one module differently pass alone and fail in a whole run (the moderator's drawing stage did, in CI).
 * Such a module is mocked once, in test/setup.ts; files may share a mock only as the same import.
 */
const testFiles = import.meta.glob<string>(['./setup.ts', '../**/*.test.ts', '../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A module path as the test file names it, resolved against the file, with `@/` as src/. */
function resolve(specifier: string, file: string): string {
  if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`;
  if (!specifier.startsWith('.')) return specifier;
  return new URL(specifier, `file:///src/test/${file}`).pathname.slice(1);
}

/** Each module a file mocks, with what stands in for it: an imported module's path, or the factory's text. */
function mocksOf(file: string, source: string) {
  const mocks: Array<{ module: string; standIn: string }> = [];
  for (const match of source.matchAll(/vi\.mock\(\s*'([^']+)'\s*(?:,\s*([^]*?)\);?\n)?/g)) {
    const imported = /^\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/.exec(match[2]?.trim() ?? '');
    mocks.push({
      module: resolve(match[1]!, file),
      standIn: imported ? `import ${resolve(imported[1]!, file)}` : `${file}: ${match[2] ?? 'automock'}`,
    });
  }
  return mocks;
}

describe("the web tests' module mocks", () => {
  it('reads the test files', () => {
    expect(Object.keys(testFiles).length).toBeGreaterThan(50);
  });

  it('mock a module in one way only, or in test/setup.ts', () => {
    const standIns = new Map<string, Set<string>>();
    for (const [file, source] of Object.entries(testFiles)) {
      for (const { module, standIn } of mocksOf(file, source)) {
        standIns.set(module, (standIns.get(module) ?? new Set()).add(standIn));
      }
    }
    const conflicting = [...standIns].filter(([, ways]) => ways.size > 1).map(([module]) => module);
    expect(conflicting).toEqual([]);
  });
});
