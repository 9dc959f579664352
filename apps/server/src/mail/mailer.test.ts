import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-config';
import { createMailer } from './mailer';

describe('the development outbox', () => {
  const config = testConfig();
  afterEach(() => rm(config.DATA_DIR, { recursive: true, force: true }));

  it('never shows a reader a mail half written', async () => {
    const mailer = createMailer(config, Fastify().log);
    const outbox = path.join(config.DATA_DIR, 'outbox');
    // Large enough to be written in several chunks, with the event loop turning between them.
    const text = 'x'.repeat(8 * 1024 * 1024);
    let sent = false;
    const sending = mailer.send({ to: 'reader@retouch.test', subject: 'Large', text }).finally(() => {
      sent = true;
    });
    const seen: unknown[] = [];
    // A reader like the journeys' (e2e/support/outbox.ts): every `.json` file, read while the mail is written.
    while (!sent) {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
      for (const name of names) {
        const content = await readFile(path.join(outbox, name), 'utf8').catch(() => undefined);
        if (content !== undefined) seen.push(JSON.parse(content));
      }
    }
    await sending;
    expect(seen.every((mail) => (mail as { text: string }).text === text)).toBe(true);
    const [name] = await readdir(outbox);
    expect(JSON.parse(await readFile(path.join(outbox, name!), 'utf8'))).toMatchObject({ text });
  });
});
