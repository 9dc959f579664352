import {
  RETRY_STATUS,
  SILENT_RETRY_FIRST_DELAY_MS,
  SILENT_RETRY_MAX_DELAY_MS,
} from '@retouch/shared/constants';
import { IDEMPOTENCY_KEY_HEADER, errorAnswerSchema } from '@retouch/shared/http';
import type { z } from 'zod';
import { ApiError } from './api-error';

// Its own module, so the query client (loaded with every page) does not bring the zod schemas here.
export { ApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  /** A FormData is sent as multipart, anything else as JSON. */
  body?: unknown;
  /** Shared zod schema the answer is checked against. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header: the same key again gets the first send's answer (`useSendAttempt`). */
  idempotencyKey?: string;
}

export interface UploadOptions<T> {
  method?: Method;
  body: FormData;
  schema?: z.ZodType<T>;
  /** Called with the percentage of the request body sent so far. */
  onProgress?: (percent: number) => void;
  /** Sent as the Idempotency-Key header: the same key again gets the first send's answer (`useSendAttempt`). */
  idempotencyKey?: string;
}

interface RawAnswer {
  status: number;
  text: string;
}

/** Calls the API with fetch; answers 418 are repeated silently. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const answer = await withSilentRetry(() => sendWithFetch(path, options), options.signal);
  return readAnswer(answer, options.schema);
}

/** Sends a FormData with XMLHttpRequest so the upload progress can be shown. */
export async function apiUpload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T> {
  const answer = await withSilentRetry(() => sendWithXhr(path, options));
  return readAnswer(answer, options.schema);
}

/** The server's message of an ApiError, `apiFallback` for an ApiError without one, `otherFallback` else. */
export function errorMessage(error: unknown, apiFallback: string, otherFallback = apiFallback): string {
  if (error instanceof ApiError) return error.message || apiFallback;
  return otherFallback;
}

/**
 * Both specifications: a 418 answer is "repeated silently", so it is asked again until another answer
 * comes, each pause twice the one before up to a cap, and only the caller's abort ends it.
 */
async function withSilentRetry(send: () => Promise<RawAnswer>, signal?: AbortSignal): Promise<RawAnswer> {
  for (let delay = SILENT_RETRY_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, SILENT_RETRY_MAX_DELAY_MS)) {
    const answer = await send();
    if (answer.status !== RETRY_STATUS) return answer;
    await pause(delay, signal);
  }
}

/** Resolves after `ms`, or rejects with the abort reason as soon as `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function sendWithFetch<T>(
  path: string,
  { method = 'GET', body, signal, idempotencyKey }: RequestOptions<T>,
) {
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  });
  return { status: response.status, text: await response.text() };
}

function sendWithXhr<T>(
  path: string,
  { method = 'POST', body, onProgress, idempotencyKey }: UploadOptions<T>,
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.send(body);
  });
}

function readAnswer<T>({ status, text }: RawAnswer, schema: z.ZodType<T> | undefined): T {
  const body = parseJson(text);
  if (status < 200 || status >= 300) {
    const parsed = errorAnswerSchema.safeParse(body);
    throw new ApiError(status, parsed.success ? parsed.data.message : '');
  }
  return schema ? schema.parse(body) : (body as T);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
