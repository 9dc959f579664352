import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './test';

interface OutboxMail {
  name: string;
  to: unknown;
  subject?: string;
  text: string;
}

async function readOutbox(): Promise<OutboxMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const outbox = path.join(dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const mails = await Promise.all(
    names.map(async (name) => ({
      name,
      ...(JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as Omit<OutboxMail, 'name'>),
    })),
  );
  // File names start with the time of writing, so name order is the order of writing.
  return mails.sort((a, b) => a.name.localeCompare(b.name));
}

/** The newest mail to `email` whose text matches `pattern`, waited for; answers the match. */
export async function mailedMatch(email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await readOutbox()).filter((mail) => String(mail.to).includes(email));
      found = mails
        .map((mail) => mail.text.match(pattern)?.[0])
        .filter(Boolean)
        .at(-1);
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The confirmation link of the newest mail to `email` in the server's outbox. */
export async function confirmationLink(email: string): Promise<URL> {
  return new URL(await mailedMatch(email, /https?:\/\/\S+\/confirm\?\S+/));
}
