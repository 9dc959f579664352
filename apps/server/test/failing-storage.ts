import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/app';
import { createLocalStorage } from '../src/storage/local-storage';
import type { Storage } from '../src/storage/storage';
import type { TestApp } from './test-app';

/**
 * A second server over the test app's database whose storage fails at its `failAt`-th write ("disk
 * full"), as a send's pictures are written: what a failed send leaves behind is then looked at.
 */
export async function serverWithFailingStorage(t: TestApp, failAt = 3) {
  const dir = path.join(t.config.DATA_DIR, 'failing-files');
  const disk = createLocalStorage(dir);
  let puts = 0;
  const flaky: Storage = {
    ...disk,
    async put(key, data, type) {
      puts += 1;
      if (puts === failAt) throw new Error('disk full');
      await disk.put(key, data, type);
    },
  };
  const app = await buildApp(t.config, { database: t.database, storage: flaky });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    /** The order files the failing storage still holds. */
    async orderFilesLeft(): Promise<string[]> {
      const left = await readdir(path.join(dir, 'orders'), { recursive: true }).catch(() => []);
      return left.filter((name) => name.includes('.'));
    },
    close: () => app.close(),
  };
}
