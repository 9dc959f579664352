import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import { TestClient } from '../../test/test-app';
import { sendRawForm } from '../../test/raw-form';
import { AppError } from './app-error';
import { STOP_READING, UPLOAD_FOLDER_PREFIX, formCap, readSpooledMultipart } from './multipart';

/**
 * A spooled form holds none of its files in memory: each goes to a folder of its own under TMPDIR as it
 * arrives, and whatever becomes of the form (read, refused at a limit, cut off by its client), the folder
 * is gone once the form is done with. The folders are watched in a TMPDIR of this file's own.
 */
const FILE_LIMIT = 1024 * 1024;
let app: FastifyInstance;
let baseUrl: string;
let spoolRoot: string;
const previousTmpdir = process.env.TMPDIR;
const anonymous = new TestClient('');

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The upload folders left under TMPDIR, each with its files and their sizes. */
async function uploadFolders(): Promise<Array<{ folder: string; sizes: number[] }>> {
  const folders = (await readdir(spoolRoot)).filter((name) => name.startsWith(UPLOAD_FOLDER_PREFIX));
  return Promise.all(
    folders.map(async (folder) => {
      const files = await readdir(path.join(spoolRoot, folder)).catch(() => []);
      const sizes = await Promise.all(
        files.map(
          async (file) => (await stat(path.join(spoolRoot, folder, file)).catch(() => undefined))?.size ?? 0,
        ),
      );
      return { folder, sizes };
    }),
  );
}

/** Whether a spooled file gets its first bytes within 5 s: polled, as nothing tells of it. */
async function fileArrives(): Promise<boolean> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    if ((await uploadFolders()).some(({ sizes }) => sizes.some((size) => size > 0))) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

beforeAll(async () => {
  spoolRoot = await mkdtemp(path.join(os.tmpdir(), 'retouch-spool-test-'));
  process.env.TMPDIR = spoolRoot;
  app = Fastify();
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 4, fields: 10 } });
  // Reads a spooled form and answers what its files held on disk while it was being handled.
  app.post('/spooled', async (request) => {
    const form = await readSpooledMultipart(request, {
      maxBytes: formCap(2, FILE_LIMIT),
      maxFileBytes: FILE_LIMIT,
    });
    try {
      const files: Record<string, string> = {};
      for (const [name, file] of form.files) files[name] = sha256(await readFile(file));
      return { fields: Object.fromEntries(form.fields), files };
    } finally {
      await form.remove();
    }
  });
  // A form whose `data` check waits until its file is arriving on disk (or 5 s): answers whether it saw it.
  app.post('/checked', async (request) => {
    let fileArrivedDuringCheck = false;
    const form = await readSpooledMultipart(request, {
      maxBytes: formCap(2, FILE_LIMIT),
      maxFileBytes: FILE_LIMIT,
      onField: async (name, fields) => {
        if (name !== 'data') return undefined;
        fileArrivedDuringCheck = await fileArrives();
        if (fields.fields.get('data')?.includes('refuse')) throw AppError.badRequest('refused by its check');
        return fields.fields.get('data')?.includes('stop') ? STOP_READING : undefined;
      },
    });
    try {
      return { fileArrivedDuringCheck, files: [...form.files.keys()] };
    } finally {
      await form.remove();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await rm(spoolRoot, { recursive: true, force: true });
});

const sendForm = (files: Parameters<typeof sendRawForm>[5], options = {}) =>
  sendRawForm(baseUrl, anonymous, 'POST', '/spooled', { note: 'hello' }, files, options);

describe('readSpooledMultipart', () => {
  describe("a field's check runs while the later parts are read", () => {
    const photo = () => ({
      photo: { data: randomBytes(FILE_LIMIT - 10), name: 'photo.jpg', type: 'image/jpeg' },
    });
    const sendChecked = (data: unknown) => sendRawForm(baseUrl, anonymous, 'POST', '/checked', data, photo());

    it('reads the file while the check of `data` is still running', async () => {
      const answer = await sendChecked({ note: 'hello' });

      expect(answer).toMatchObject({ status: 200, body: { fileArrivedDuringCheck: true, files: ['photo'] } });
      expect(await uploadFolders()).toEqual([]);
    });

    it("refuses the form with the check's own error, keeping none of what arrived", async () => {
      const answer = await sendChecked({ note: 'refuse' });

      expect(answer).toMatchObject({ status: 400, body: { message: 'refused by its check' } });
      expect(await uploadFolders()).toEqual([]);
    });

    it('ends the form where the check says to stop reading', async () => {
      const answer = await sendChecked({ note: 'stop' });

      expect(answer).toMatchObject({ status: 200, body: { fileArrivedDuringCheck: true } });
      expect(await uploadFolders()).toEqual([]);
    });
  });

  it('gives each file as it was sent, from disk, and leaves nothing once removed', async () => {
    const photo = randomBytes(FILE_LIMIT - 10);
    const draft = randomBytes(3000);

    const answer = await sendForm({
      photo: { data: photo, name: 'photo.jpg', type: 'image/jpeg' },
      draft: { data: draft, name: 'draft.png', type: 'image/png' },
      empty: { data: Buffer.alloc(0), name: 'empty.png', type: 'image/png' },
    });

    expect(answer).toMatchObject({
      status: 200,
      body: { fields: { data: '{"note":"hello"}' }, files: { photo: sha256(photo), draft: sha256(draft) } },
    });
    expect(await uploadFolders()).toEqual([]);
  });

  it('refuses a file the moment it passes its limit, keeping none of it', async () => {
    const answer = await sendForm({
      photo: { data: randomBytes(1000), name: 'photo.jpg', type: 'image/jpeg', padding: 5 * FILE_LIMIT },
    });

    expect(answer).toMatchObject({ status: 413, body: { message: ServerText.fileTooLarge } });
    expect(await uploadFolders()).toEqual([]);
  });

  it('refuses a form past its cap, keeping none of its files', async () => {
    // Two files within the limit each and a third past the form's cap of two.
    const part = () => ({ data: randomBytes(FILE_LIMIT - 10), name: 'photo.jpg', type: 'image/jpeg' });
    const answer = await sendForm({ one: part(), two: part(), three: part() });

    expect(answer).toMatchObject({ status: 413, body: { message: ServerText.uploadTooLarge } });
    expect(await uploadFolders()).toEqual([]);
  });

  it("answers a disk it cannot write to as its own failure, not the form's", async () => {
    process.env.TMPDIR = path.join(spoolRoot, 'missing');
    try {
      const answer = await sendForm({
        photo: { data: randomBytes(1000), name: 'photo.jpg', type: 'image/jpeg' },
      });
      expect(answer).toMatchObject({ status: 500, body: { message: ServerText.internalError } });
    } finally {
      process.env.TMPDIR = spoolRoot;
    }
    expect(await uploadFolders()).toEqual([]);
  });

  it('writes a file to disk as it arrives, and removes it when its client goes away mid-file', async () => {
    const boundary = '----spool-test';
    const request = httpRequest(`${baseUrl}/spooled`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('error', () => undefined);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    // The parser holds back a tail that could be the start of the closing `\r\n--boundary` (1 in 256
    // random halves ends in `\r`), so the half sent ends in a byte no boundary starts with.
    const half = randomBytes(FILE_LIMIT / 2);
    half[half.length - 1] = 0;
    request.write(half);

    try {
      // Half the file sent, the rest never comes: what came is on disk, not held in memory.
      await expect
        .poll(async () => (await uploadFolders()).flatMap((folder) => folder.sizes))
        .toEqual([FILE_LIMIT / 2]);
    } finally {
      request.destroy();
    }
    await expect.poll(uploadFolders).toEqual([]);
  });
});
