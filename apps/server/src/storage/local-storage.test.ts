import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'retouch-local-storage-'));
  storage = createLocalStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const data = Buffer.from('picture');

describe('the local storage', () => {
  it('removes the folder with its last file (issue 34: a failed send left an empty order folder)', async () => {
    await storage.put('orders/one/original.jpg', data, 'image/jpeg');
    await storage.put('orders/one/draft.png', data, 'image/png');
    await storage.put('orders/two/original.jpg', data, 'image/jpeg');

    await storage.remove('orders/one/original.jpg');
    expect(await readdir(path.join(root, 'orders'))).toEqual(['one', 'two']);
    await storage.remove('orders/one/draft.png');
    expect(await readdir(path.join(root, 'orders'))).toEqual(['two']);
    // Removing a file already gone is no error, its folder gone or not.
    await storage.remove('orders/one/draft.png');
  });

  it('writes a file while the removal of the folder’s last other file takes the folder away', async () => {
    for (let round = 0; round < 200; round += 1) {
      await storage.put(`avatars/old-${round}.png`, data, 'image/png');
      await Promise.all([
        storage.remove(`avatars/old-${round}.png`),
        storage.put(`avatars/new-${round}.png`, data, 'image/png'),
      ]);
      expect(await readFile(path.join(root, `avatars/new-${round}.png`)), `round ${round}`).toEqual(data);
      await storage.remove(`avatars/new-${round}.png`);
    }
  });
});
