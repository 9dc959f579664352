import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';
import { assertJsonDepth } from './json-limits';

export interface MultipartForm {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
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
   * Checks each field as it arrives, before any later part is read: a `data` sent ahead of the files (as
   * the web app sends it) is refused before megabytes of them are read. Throwing refuses the form;
   * answering STOP_READING ends it (a repeated send answered without its files).
   */
  onField?: (name: string, form: MultipartForm) => unknown;
}

/**
 * Reads a whole multipart request: file parts as buffers, other parts as strings. A form that cannot
 * be read (broken, cut short, over a limit) is the client's error: 413 past a size limit, else 400.
 * A form refused part-way is parsed no further: the rest is thrown away as it comes, within a bound.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw AppError.badRequest(ServerText.invalidRequest);
  if (Number(request.headers['content-length']) > options.maxBytes) {
    refusedUnread.add(request.raw);
    throw uploadTooLarge();
  }
  const form: MultipartForm = { files: new Map(), fields: new Map() };
  const limits = options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes } } : {};
  const parts = request.parts(limits)[Symbol.asyncIterator]();
  // Starts the parser, which pipes the body into itself: counted from here on, no byte is missed.
  const first = parts.next();
  const body = countBody(request.raw, options.maxBytes);
  const withinCap = <T>(step: Promise<T>) => Promise.race([step, body.overCap]);
  try {
    for (let step = await withinCap(first); !step.done; step = await withinCap(parts.next())) {
      const part = step.value;
      if (part.type === 'file') {
        const data = await withinCap(readFilePart(part.file));
        if (data.length > 0) form.files.set(part.fieldname, data);
      } else {
        form.fields.set(part.fieldname, String(part.value));
        const next = await withinCap(Promise.resolve(options.onField?.(part.fieldname, form)));
        if (next === STOP_READING) {
          body.discardRest();
          return form;
        }
      }
    }
  } catch (error) {
    body.discardRest();
    throw error instanceof AppError ? error : unreadableForm(error);
  }
  body.release();
  return form;
}

/**
 * Reads a file part, refused the moment it passes its limit: the library's `toBuffer` would read (and
 * throw away) the rest of the part first. Busboy tells of the limit as it parses, so a file too large
 * is refused as such before the body's count can reach the cap.
 */
function readFilePart(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => reject(new AppError(413, ServerText.fileTooLarge));
    if (file.truncated) return tooLarge();
    const chunks: Buffer[] = [];
    file.once('limit', tooLarge);
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('end', () => (file.truncated ? tooLarge() : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
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
export function jsonField(form: MultipartForm, name: string): unknown {
  const raw = form.fields.get(name);
  if (raw === undefined) throw AppError.badRequest(`Missing field: ${name}`);
  assertJsonDepth(raw);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw AppError.badRequest(`Field ${name} is not valid JSON`);
  }
}
