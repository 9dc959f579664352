import { createHash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
}

/** The public catalogue answer, built once and kept until a catalogue change drops it. */
export function createCatalogCache(build: () => Promise<unknown>) {
  let cached: Promise<CachedAnswer> | undefined;
  let generation = 0;
  return {
    get(): Promise<CachedAnswer> {
      if (!cached) {
        const startedAt = generation;
        const pending = build().then((value) => {
          const body = JSON.stringify(value);
          return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        });
        cached = pending;
        // A change during the build must not leave the stale answer cached; a failed build is not kept.
        pending.then(
          () => {
            if (generation !== startedAt && cached === pending) cached = undefined;
          },
          () => {
            if (cached === pending) cached = undefined;
          },
        );
      }
      return cached;
    },
    invalidate(): void {
      generation += 1;
      cached = undefined;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
