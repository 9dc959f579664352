import { vi } from 'vitest';

/** A stand-in for XMLHttpRequest whose requests the test answers by hand. */
class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  status = 0;
  responseText = '';
  body: Document | XMLHttpRequestBodyInit | null = null;
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  /** The sent multipart body. */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('The request body is not a FormData');
    return this.body;
  }
}

export function stubXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.requests;
}
