import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { TestClient } from './test-app';

/** A file part of a raw form. */
export interface RawUpload {
  data: Buffer;
  name: string;
  type: string;
  /** Zero bytes streamed after `data` without ever being held in memory (a 50 MB file). */
  padding?: number;
}

export interface RawFormOptions {
  /** Sent as content-length (whatever the body really weighs); without it the body goes chunked. */
  declaredLength?: number;
  /** Stops sending after this many bytes and holds the connection open: the rest never comes. */
  stallAfter?: number;
}

export interface RawAnswer {
  status: number;
  body: { message?: string };
}

/** The parts of a multipart form: its `data` JSON field first, as the web app sends it, then its files. */
function* formPieces(boundary: string, data: unknown, files: Record<string, RawUpload>): Generator<Buffer> {
  if (data !== undefined) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    );
  }
  const zeros = Buffer.alloc(1024 * 1024);
  for (const [part, file] of Object.entries(files)) {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    );
    yield file.data;
    for (let left = file.padding ?? 0; left > 0; left -= zeros.length)
      yield zeros.subarray(0, Math.min(left, zeros.length));
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

/**
 * Sends a multipart form over its own connection, as a browser would, and stops sending as soon as the
 * server answers: a refused 50 MB upload costs what the server read, not the whole file.
 */
export function sendRawForm(
  baseUrl: string,
  client: TestClient,
  method: 'POST' | 'PATCH',
  url: string,
  data: unknown,
  files: Record<string, RawUpload>,
  options: RawFormOptions = {},
): Promise<RawAnswer> {
  const boundary = `----raw-form-${randomBytes(8).toString('hex')}`;
  let sent = 0;
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpRequest(
      `${baseUrl}${url}`,
      {
        method,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(options.declaredLength !== undefined ? { 'content-length': options.declaredLength } : {}),
          ...(client.cookieHeader ? { cookie: client.cookieHeader } : {}),
        },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as { message?: string }) : {},
          });
          request.destroy();
        });
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      for (let piece of formPieces(boundary, data, files)) {
        if (answered || request.destroyed) return;
        if (options.stallAfter !== undefined && sent + piece.length >= options.stallAfter) {
          piece = piece.subarray(0, options.stallAfter - sent);
          sent += piece.length;
          request.write(piece);
          return;
        }
        sent += piece.length;
        if (!request.write(piece)) {
          await new Promise<void>((resume) => {
            const go = () => {
              request.off('drain', go).off('close', go);
              resume();
            };
            request.once('drain', go).once('close', go);
          });
        }
      }
      if (!request.destroyed) request.end();
    })();
  });
}
