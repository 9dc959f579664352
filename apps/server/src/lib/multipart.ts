import type { FastifyRequest } from 'fastify';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

export interface MultipartForm {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
}

/** Reads a whole multipart request: file parts as buffers, other parts as strings. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw AppError.badRequest(ServerText.invalidRequest);
  const files = new Map<string, Buffer>();
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (data.length > 0) files.set(part.fieldname, data);
    } else {
      fields.set(part.fieldname, String(part.value));
    }
  }
  return { files, fields };
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
