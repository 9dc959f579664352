import type { FastifyRequest } from 'fastify';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

export interface MultipartForm {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
}

/**
 * Reads a whole multipart request: file parts as buffers, other parts as strings. A form that cannot
 * be read (broken, cut short, over a limit) is the client's error: 413 past a size limit, else 400.
 */
export async function readMultipart(
  request: FastifyRequest,
  /** A tighter limit per file than the app-wide one (avatars). */
  options: { maxFileBytes?: number } = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw AppError.badRequest(ServerText.invalidRequest);
  const files = new Map<string, Buffer>();
  const fields = new Map<string, string>();
  const limits = options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes } } : {};
  try {
    for await (const part of request.parts(limits)) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) files.set(part.fieldname, data);
      } else {
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    throw unreadableForm(error);
  }
  return { files, fields };
}

function unreadableForm(error: unknown): AppError {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, ServerText.fileTooLarge);
  if (statusCode === 413) return new AppError(413, ServerText.uploadUnreadable);
  // Busboy's own errors (no boundary, malformed headers, unexpected end) carry no status.
  return new AppError(400, ServerText.uploadUnreadable, error instanceof Error ? error.message : undefined);
}

/** Parses a JSON form field (the specification's `data` part). */
export function jsonField(form: MultipartForm, name: string): unknown {
  const raw = form.fields.get(name);
  if (raw === undefined) throw AppError.badRequest(`Missing field: ${name}`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw AppError.badRequest(`Field ${name} is not valid JSON`);
  }
}
