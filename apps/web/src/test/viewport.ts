import { vi } from 'vitest';

/** Media queries answered by `matches`, as a browser's matchMedia answers them. */
function stubMediaQueries(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

/** Media queries answered as a screen `width` px wide answers them (390: the reviewers' phone). */
export function emulateWidth(width: number) {
  stubMediaQueries((query) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (
      (max !== null || min !== null) && (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]))
    );
  });
}

/** The reduced-motion query answered as a user who asked for less motion. */
export function preferReducedMotion() {
  stubMediaQueries((query) => query.includes('prefers-reduced-motion: reduce'));
}
