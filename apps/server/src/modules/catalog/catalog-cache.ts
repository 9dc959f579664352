import { createHash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * The public catalogue answer, built once and kept until a catalogue change drops it. With several
 * instances a change made on one is announced to the others (onInvalidate), which drop their copy.
 */
export function createCatalogCache(build: () => Promise<unknown>) {
  let cached: Promise<CachedAnswer> | undefined;
  const listeners: Array<() => void> = [];
  return {
    get(): Promise<CachedAnswer> {
      if (cached) return cached;
      const pending = build().then((value) => {
        const body = JSON.stringify(value);
        return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      });
      cached = pending;
      // A failed build is not kept. A change during a build drops it through invalidate().
      pending.catch(() => {
        if (cached === pending) cached = undefined;
      });
      return pending;
    },
    /** After a change made here: dropped here and announced. */
    invalidate(): void {
      cached = undefined;
      for (const listener of listeners) listener();
    },
    /** After a change announced by another instance. */
    dropLocal(): void {
      cached = undefined;
    },
    onInvalidate(listener: () => void): void {
      listeners.push(listener);
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
