import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

type Handler = MockAnswer | ((call: RecordedCall) => MockAnswer);

/**
 * Stubs fetch with answers keyed by "METHOD /path" (the query string is part of the path when the key has one).
 * An unknown call answers 404, so a test sees what it forgot to mock.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, url, body, init };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = handlers[`${method} ${url}`] ?? handlers[`${method} ${path}`];
    const answer =
      typeof handler === 'function'
        ? handler(call)
        : (handler ?? { status: 404, body: { message: 'Not mocked' } });
    return Promise.resolve(
      new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}
