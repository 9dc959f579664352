import { SILENT_RETRY_MAX_DELAY_MS } from '@retouch/shared/constants';
import { userInfoSchema } from '@retouch/shared/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { stubXhr } from '@/test/fake-xhr';
import { ApiError, apiRequest, apiUpload, errorMessage } from './api-client';

describe('apiRequest', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('repeats a 418 answer silently and returns the answer that follows', async () => {
    let calls = 0;
    const { fetchMock } = mockFetch({
      'GET /api/services': () =>
        ++calls < 3 ? { status: 418, body: { message: 'busy' } } : { body: [1, 2] },
    });
    const result = apiRequest('/api/services');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  // Customer side section 8: "Status 418: silent retry"; back office section 8: "repeat the call silently".
  it('repeats a 418 answer until it succeeds, however many times it comes', async () => {
    let calls = 0;
    const { fetchMock } = mockFetch({
      'GET /api/orders/user/': () =>
        ++calls <= 5 ? { status: 418, body: { message: 'busy' } } : { body: { orders: [], total: 0 } },
    });
    const result = apiRequest('/api/orders/user/');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ orders: [], total: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('waits longer before each repeat, up to a cap', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/services': { status: 418, body: { message: 'busy' } } });
    void apiRequest('/api/services');
    await vi.advanceTimersByTimeAsync(0);
    const pauses: number[] = [];
    for (let repeat = 0; repeat < 9; repeat += 1) {
      const before = fetchMock.mock.calls.length;
      let waited = 0;
      while (fetchMock.mock.calls.length === before && waited <= SILENT_RETRY_MAX_DELAY_MS) {
        await vi.advanceTimersByTimeAsync(50);
        waited += 50;
      }
      pauses.push(waited);
    }
    for (let i = 1; i < pauses.length; i += 1) expect(pauses[i]).toBeGreaterThanOrEqual(pauses[i - 1] ?? 0);
    expect(pauses[1]).toBeGreaterThan(pauses[0] ?? 0);
    expect(Math.max(...pauses)).toBe(SILENT_RETRY_MAX_DELAY_MS);
    expect(pauses.at(-1)).toBe(SILENT_RETRY_MAX_DELAY_MS);
  });

  it('stops repeating when the caller aborts', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/services': { status: 418, body: { message: 'busy' } } });
    const controller = new AbortController();
    const result = apiRequest('/api/services', { signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.runAllTimersAsync();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not repeat other errors and builds the ApiError from the {message} body', async () => {
    const { fetchMock } = mockFetch({
      'POST /api/login': { status: 401, body: { message: 'Wrong email or password' } },
    });
    const error = await apiRequest('/api/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Wrong email or password' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends JSON with the same-origin credentials, and a FormData as it is', async () => {
    const { calls } = mockFetch({ 'POST /api/a': { body: {} }, 'POST /api/b': { body: {} } });
    await apiRequest('/api/a', { method: 'POST', body: { x: 1 } });
    const form = new FormData();
    form.append('data', '{}');
    await apiRequest('/api/b', { method: 'POST', body: form });

    expect(calls[0]?.init).toMatchObject({ credentials: 'same-origin', body: '{"x":1}' });
    expect(new Headers(calls[0]?.init?.headers).get('Content-Type')).toBe('application/json');
    expect(calls[1]?.init?.body).toBe(form);
    // The browser sets the multipart boundary itself.
    expect(new Headers(calls[1]?.init?.headers).get('Content-Type')).toBeNull();
  });

  it('checks the answer against the shared schema', async () => {
    mockFetch({ 'GET /api/user/info': { body: { email: 'no id' } } });
    await expect(apiRequest('/api/user/info', { schema: userInfoSchema })).rejects.not.toBeInstanceOf(
      ApiError,
    );
  });
});

describe('apiUpload', () => {
  it('reports the upload progress and answers the parsed body', async () => {
    const requests = stubXhr();
    const progress: number[] = [];
    const form = new FormData();
    const result = apiUpload('/api/user/change/info', {
      method: 'PATCH',
      body: form,
      schema: userInfoSchema,
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = requests[0];
    expect(xhr).toMatchObject({ method: 'PATCH', url: '/api/user/change/info', body: form });
    xhr?.progress(25, 100);
    xhr?.progress(100, 100);
    xhr?.respond(200, aUser());
    await expect(result).resolves.toEqual(aUser());
    expect(progress).toEqual([25, 100]);
  });

  it('repeats a 418 silently as fetch calls do', async () => {
    vi.useFakeTimers();
    const requests = stubXhr();
    const result = apiUpload('/api/x', { body: new FormData() });
    for (let answered = 0; answered < 5; answered += 1) {
      requests[answered]?.respond(418, { message: 'busy' });
      await vi.advanceTimersByTimeAsync(SILENT_RETRY_MAX_DELAY_MS);
    }
    requests[5]?.respond(200, { message: 'done' });
    await expect(result).resolves.toEqual({ message: 'done' });
    expect(requests).toHaveLength(6);
    vi.useRealTimers();
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, then the fallbacks", () => {
    expect(errorMessage(new ApiError(409, 'Taken'), 'Registration error', 'Something went wrong!')).toBe(
      'Taken',
    );
    expect(errorMessage(new ApiError(500, ''), 'Registration error', 'Something went wrong!')).toBe(
      'Registration error',
    );
    expect(errorMessage(new TypeError('offline'), 'Registration error', 'Something went wrong!')).toBe(
      'Something went wrong!',
    );
  });
});
