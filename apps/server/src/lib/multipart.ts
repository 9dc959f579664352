import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { AdminFieldText, ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';
import { assertJsonDepth } from './json-limits';

/** A form's text parts, by name. */
export interface FormFields {
  fields: Map<string, string>;
}

export interface MultipartForm extends FormFields {
  files: Map<string, Buffer>;
}

export interface SpooledForm extends FormFields {
  /** The path of each file part, written to disk as it arrived. */
  files: Map<string, string>;
  /** Removes the form's files from disk; safe to call more than once. */
  remove(): Promise<void>;
}

/** Room in a form beside its files: its fields and the parts' headers. */
const FIELDS_ROOM_BYTES = 256 * 1024;
/**
 * What of a refused form is still read, and thrown away, past its cap while the client takes in the
 * answer (closing at once loses the answer to a client still sending); past that the connection is cut.
 */
const DRAIN_BYTES = 8 * 1024 * 1024;
/** Requests refused from their declared length, unread: their connection closes after the answer. */
const refusedUnread = new WeakSet<IncomingMessage>();
/** What `onField` answers to end the form there: the parts read so far are the form, the rest is thrown away. */
export const STOP_READING = Symbol('stop reading');
/** What a spooled file may hold in memory on its way to disk. */
const SPOOL_BUFFER_BYTES = 1024 * 1024;
/** Names a spooled form's folder under the system's temporary folder (TMPDIR). */
export const UPLOAD_FOLDER_PREFIX = 'retouch-upload-';

/** The most a form of `files` files, each at most `fileBytes`, may weigh: its route's cap on the whole request. */
export function formCap(files: number, fileBytes: number = MAX_IMAGE_BYTES): number {
  return files * fileBytes + FIELDS_ROOM_BYTES;
}

export interface ReadMultipartOptions {
  /** Cap on the whole request (`formCap`): a larger content-length is refused unread, a longer body is cut. */
  maxBytes: number;
  /** A tighter limit per file than the app-wide one (avatars). */
  maxFileBytes?: number;
  /**
   * Checks each field as it arrives, while the later parts are read: a `data` sent ahead of the files (as
   * the web app sends it) is refused the moment its check fails, whatever of the files has arrived by
   * then, and a check that needs the database costs the upload no time. Throwing (or rejecting) refuses
   * the form with that error; answering STOP_READING ends it (a repeated send answered without its files).
   * The form is answered once every check has settled.
   */
  onField?: (name: string, form: FormFields) => unknown;
}

type FilePart = Readable & { truncated?: boolean };

/**
 * Reads a whole multipart request: file parts as buffers, other parts as strings. A form that cannot
 * be read (broken, cut short, over a limit) is the client's error: 413 past a size limit, else 400.
 * A form refused part-way is parsed no further: the rest is thrown away as it comes, within a bound.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<MultipartForm> {
  const form: MultipartForm = { files: new Map(), fields: new Map() };
  await readParts(request, options, form, async (file) => {
    const data = await readFilePart(file);
    return data.length > 0 ? data : undefined;
  });
  return form;
}

/**
 * `readMultipart` holding no file in memory: each file part goes to disk as it arrives, at the pace the
 * disk takes it, in a folder of the form's own. Refused or failed, the form leaves no file behind; read,
 * its files stay until `remove()`, which the caller owes once it is done with them.
 */
export async function readSpooledMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<SpooledForm> {
  const spool = createSpool();
  const form: SpooledForm = { files: new Map(), fields: new Map(), remove: spool.remove };
  try {
    await readParts(request, options, form, spool.write);
  } catch (error) {
    await spool.remove();
    throw error;
  }
  return form;
}

/** What a field's check refused the form with: thrown as it is, never taken for an unreadable form. */
class FieldRefusal {
  constructor(readonly error: unknown) {}
}

/**
 * The checks of a form's fields, run beside the reading: `ended` settles with the first that refuses
 * the form (rejecting with a FieldRefusal) or ends it (STOP_READING); `settled` waits for all of them
 * and throws the refusal, if any.
 */
function fieldChecks(onField: ReadMultipartOptions['onField']) {
  let end: (stop: typeof STOP_READING) => void = () => undefined;
  let refuse: (refusal: FieldRefusal) => void = () => undefined;
  let refusal: FieldRefusal | undefined;
  const ended = new Promise<typeof STOP_READING>((resolve, reject) => {
    end = resolve;
    refuse = reject;
  });
  ended.catch(() => undefined);
  const running: Array<Promise<void>> = [];
  return {
    ended,
    check(name: string, form: FormFields) {
      const check = Promise.resolve()
        .then(() => onField?.(name, form))
        .then(
          (answer) => {
            if (answer === STOP_READING) end(STOP_READING);
          },
          (error: unknown) => {
            refusal ??= new FieldRefusal(error);
            refuse(refusal);
          },
        );
      running.push(check);
    },
    async settled() {
      await Promise.all(running);
      if (refusal) throw refusal;
    },
  };
}

/** Reads the parts of a form into `form`: each file through `keepFile` (undefined for an empty one). */
async function readParts<T>(
  request: FastifyRequest,
  options: ReadMultipartOptions,
  form: FormFields & { files: Map<string, T> },
  keepFile: (file: FilePart) => Promise<T | undefined>,
): Promise<void> {
  if (!request.isMultipart()) throw AppError.badRequest(ServerText.invalidRequest);
  if (Number(request.headers['content-length']) > options.maxBytes) {
    refusedUnread.add(request.raw);
    throw uploadTooLarge();
  }
  const limits = options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes } } : {};
  const parts = request.parts(limits)[Symbol.asyncIterator]();
  // Starts the parser, which pipes the body into itself: counted from here on, no byte is missed.
  const first = parts.next();
  const body = countBody(request.raw, options.maxBytes);
  const checks = fieldChecks(options.onField);
  const reading = <S>(step: Promise<S>) => Promise.race([step, body.overCap, checks.ended]);
  try {
    for (let step = await reading(first); step !== STOP_READING; step = await reading(parts.next())) {
      if (step.done) {
        await checks.settled();
        body.release();
        return;
      }
      const part = step.value;
      if (part.type === 'file') {
        const kept = await reading(keepFile(part.file));
        if (kept === STOP_READING) break;
        if (kept !== undefined) form.files.set(part.fieldname, kept);
      } else {
        form.fields.set(part.fieldname, String(part.value));
        checks.check(part.fieldname, form);
      }
    }
  } catch (error) {
    body.discardRest();
    if (error instanceof FieldRefusal) throw error.error;
    throw error instanceof AppError ? error : unreadableForm(error);
  }
  // STOP_READING: the parts read so far are the form.
  body.discardRest();
}

/**
 * Reads a file part, refused the moment it passes its limit: the library's `toBuffer` would read (and
 * throw away) the rest of the part first. Busboy tells of the limit as it parses, so a file too large
 * is refused as such before the body's count can reach the cap.
 */
function readFilePart(file: FilePart): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => reject(fileTooLarge());
    if (file.truncated) return tooLarge();
    const chunks: Buffer[] = [];
    file.once('limit', tooLarge);
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('end', () => (file.truncated ? tooLarge() : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
}

/**
 * A form's folder of files: each file part is piped to a file of its own (the parser waits for the disk),
 * refused the moment it passes its limit, like `readFilePart`. `remove` stops every write still under
 * way, waits for its file to close, then removes the folder.
 */
function createSpool() {
  let folder: Promise<string> | undefined;
  let removing = false;
  const writes: WriteStream[] = [];
  const closed = (out: WriteStream) =>
    new Promise<void>((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));

  async function spoolFile(file: FilePart): Promise<string | undefined> {
    folder ??= mkdtemp(path.join(tmpdir(), UPLOAD_FOLDER_PREFIX));
    const made = await folder;
    // A form refused while its folder was being made: no file is opened in a folder on its way out.
    if (removing) throw new Error('the upload was removed');
    const filePath = path.join(made, String(writes.length));
    // A megabyte of buffer: with the default 16 KiB the parser waited on the disk at every chunk.
    const out = createWriteStream(filePath, { flags: 'wx', highWaterMark: SPOOL_BUFFER_BYTES });
    writes.push(out);
    const limit = new Promise<never>((_resolve, reject) => file.once('limit', () => reject(fileTooLarge())));
    await Promise.race([pipeline(file, out), limit]);
    if (file.truncated) throw fileTooLarge();
    return out.bytesWritten > 0 ? filePath : undefined;
  }

  return {
    async write(file: FilePart): Promise<string | undefined> {
      if (file.truncated) throw fileTooLarge();
      try {
        return await spoolFile(file);
      } catch (error) {
        // The disk failing (full, unwritable) is the server's fault, not a broken form: 500, not 400.
        const onDisk = typeof error === 'object' && error !== null && 'syscall' in error;
        throw onDisk ? new AppError(500, ServerText.internalError, String(error)) : error;
      }
    },
    async remove(): Promise<void> {
      removing = true;
      for (const out of writes) out.destroy();
      await Promise.all(writes.map(closed));
      const made = await folder?.catch(() => undefined);
      // A folder that cannot be removed is left to the system's cleaning of TMPDIR: the answer stands.
      if (made) await rm(made, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/**
 * Counts a body as it streams: `overCap` rejects once it passes `maxBytes`. After `discardRest` the
 * parser gets nothing more, and a client still sending past the cap and `DRAIN_BYTES` is cut off.
 */
function countBody(raw: IncomingMessage, maxBytes: number) {
  let seen = 0;
  let discarding = false;
  let refuse: (error: AppError) => void = () => undefined;
  const overCap = new Promise<never>((_resolve, reject) => {
    refuse = reject;
  });
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) refuse(uploadTooLarge());
    if (discarding && seen > maxBytes + DRAIN_BYTES) raw.destroy();
  };
  raw.on('data', onData);
  return {
    overCap,
    release: () => raw.off('data', onData),
    discardRest() {
      discarding = true;
      raw.unpipe();
      raw.resume();
    },
  };
}

function uploadTooLarge(): AppError {
  return new AppError(413, ServerText.uploadTooLarge);
}

function fileTooLarge(): AppError {
  return new AppError(413, ServerText.fileTooLarge);
}

/**
 * `onSend` hook: a form refused from its declared length closes its connection after the answer, as
 * Fastify does for a body it refuses, so none of it is read.
 */
export function closeUnreadRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (refusedUnread.has(request.raw)) reply.header('connection', 'close');
  done(null, payload);
}

function unreadableForm(error: unknown): AppError {
  const { statusCode } = error as { statusCode?: unknown };
  if (statusCode === 413) return new AppError(413, ServerText.uploadUnreadable);
  // Busboy's own errors (no boundary, malformed headers, unexpected end) carry no status.
  return new AppError(400, ServerText.uploadUnreadable, error instanceof Error ? error.message : undefined);
}

/** Parses a JSON form field (the specification's `data` part), nested no deeper than a JSON body. */
export function jsonField(form: FormFields, name: string): unknown {
  const raw = form.fields.get(name);
  if (raw === undefined) {
    throw AppError.badRequest({
      customer: `Missing field: ${name}`,
      backOffice: AdminFieldText.missingField(name),
    });
  }
  assertJsonDepth(raw);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw AppError.badRequest({
      customer: `Field ${name} is not valid JSON`,
      backOffice: AdminFieldText.notJson(name),
    });
  }
}
