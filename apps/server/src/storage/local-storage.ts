import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeStorageKey, isSafeStoragePrefix, type ListedFile, type Storage } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

/** Writes of a file whose folder a removal keeps taking away; more means something else is wrong. */
const PUT_ATTEMPTS = 3;

/** Stores files under a folder on the local disk; a folder goes with its last file. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      for (let attempt = 1; ; attempt += 1) {
        try {
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, data);
          return;
        } catch (error) {
          // The removal of the folder's last other file took the folder away in between: made again.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === PUT_ATTEMPTS) throw error;
        }
      }
    },
    async read(key) {
      if (!isSafeStorageKey(key)) return null;
      const file = path.join(root, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        return { stream: createReadStream(file), size: info.size, contentType };
      } catch {
        return null;
      }
    },
    async remove(key) {
      const file = resolve(key);
      await rm(file, { force: true });
      // The folder goes with its last file: a failed send leaves no empty `orders/<id>/` behind.
      await rmdir(path.dirname(file)).catch(() => undefined);
    },
    list(prefix) {
      if (!isSafeStoragePrefix(prefix)) throw new Error(`Unsafe storage prefix: ${prefix}`);
      return listFolder(root, prefix);
    },
  };
}

/** The files under `root/prefix`, depth first; a missing folder holds none. */
async function* listFolder(root: string, prefix: string): AsyncGenerator<ListedFile> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) yield* listFolder(root, `${key}/`);
    else if (entry.isFile()) {
      const info = await stat(path.join(root, key)).catch(() => undefined);
      // Removed between the listing and the look: nothing to report.
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}
