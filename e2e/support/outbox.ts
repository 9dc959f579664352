import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The confirmation link of the newest mail to `email` in the server's outbox. */
export async function confirmationLink(email: string): Promise<URL> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const outbox = path.join(dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
      const mails = await Promise.all(
        names.map(async (name) => {
          const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as {
            to: unknown;
            text: string;
          };
          return { name, ...mail };
        }),
      );
      // File names start with the time of writing, so the last one in name order is the newest.
      const newest = mails
        .filter((mail) => String(mail.to).includes(email))
        .sort((a, b) => a.name.localeCompare(b.name))
        .at(-1);
      link = newest?.text.match(/https?:\/\/\S+\/confirm\?\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link!);
}
