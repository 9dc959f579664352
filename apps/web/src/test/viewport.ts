import { vi } from 'vitest';

/** Media queries answered as a screen `width` px wide answers them (390: the reviewers' phone). */
export function emulateWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (max !== null || min !== null) &&
      (!max || width <= Number(max[1])) &&
      (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    };
  });
}
