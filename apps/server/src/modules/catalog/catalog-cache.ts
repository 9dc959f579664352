import { createHash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
}

/** The public catalogue answer, built once and kept until a catalogue change drops it. */
export function createCatalogCache(build: () => Promise<unknown>) {
  let cached: Promise<CachedAnswer> | undefined;
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
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
