import { describe, expect, it } from 'vitest';
import { createCatalogCache } from './catalog-cache';

describe('createCatalogCache', () => {
  it('builds once until invalidated, with an ETag that follows the content', async () => {
    let version = 1;
    let builds = 0;
    const cache = createCatalogCache(async () => {
      builds += 1;
      return { version };
    });
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
    expect(builds).toBe(1);

    version = 2;
    cache.invalidate();
    const second = await cache.get();
    expect(second.body).toBe('{"version":2}');
    expect(second.etag).not.toBe(first.etag);
  });

  it('does not keep an answer whose build overlapped a change', async () => {
    let version = 1;
    let release: () => void = () => undefined;
    const cache = createCatalogCache(async () => {
      const seen = version;
      if (seen === 1) await new Promise<void>((resolve) => (release = resolve));
      return { version: seen };
    });
    const pending = cache.get();
    version = 2;
    cache.invalidate();
    release();
    expect((await pending).body).toBe('{"version":1}');
    expect((await cache.get()).body).toBe('{"version":2}');
  });

  it('does not keep a failed build', async () => {
    let fail = true;
    const cache = createCatalogCache(async () => {
      if (fail) throw new Error('database down');
      return [];
    });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get()).body).toBe('[]');
  });
});
