import { IdempotencyText } from '@retouch/shared/http';
import { describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/test/fake-xhr';
import { mockFetch } from '@/test/fetch-mock';
import { ApiError, apiRequest, apiUpload } from './api-client';
import { createSendAttempt, newIdempotencyKey, sessionAttemptMemory } from './send-attempt';

/** A SendAttempt whose keys are key-1, key-2, ...; `keys` lists the key of each send. */
function countingAttempt() {
  let made = 0;
  const attempt = createSendAttempt(() => `key-${++made}`);
  const keys: string[] = [];
  const send = (parts: unknown[], outcome: () => Promise<unknown>) =>
    attempt
      .send(parts, (key) => {
        keys.push(key);
        return outcome();
      })
      .catch(() => undefined);
  return { send, keys };
}

const networkError = () => Promise.reject(new TypeError('Failed to fetch'));
const answer =
  (status: number, message = '') =>
  () =>
    Promise.reject(new ApiError(status, message));
const ok = () => Promise.resolve({ message: 'Thank you' });

describe('createSendAttempt', () => {
  it('sends the same request with the same key while its sends get no answer', async () => {
    const { send, keys } = countingAttempt();
    const photo = new Blob(['photo']);
    await send(['order', photo], networkError);
    await send(['order', photo], answer(503));
    await send(['order', photo], answer(409, IdempotencyText.inProgress));
    await send(['order', photo], ok);
    expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
  });

  it('takes a new key once a send was answered, and for another request', async () => {
    const { send, keys } = countingAttempt();
    await send(['tip', 5], ok);
    await send(['tip', 5], answer(409, 'The tip has already been left'));
    await send(['tip', 5], networkError);
    await send(['tip', 10], networkError);
    // Another photo (another File, even of the same name) is another order.
    await send(['order', new Blob(['photo'])], networkError);
    await send(['order', new Blob(['photo'])], networkError);
    expect(keys).toEqual(['key-1', 'key-2', 'key-3', 'key-4', 'key-5', 'key-6']);
  });
});

describe('newIdempotencyKey', () => {
  it('makes a version 4 UUID, also where crypto.randomUUID is missing (plain HTTP)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const secure = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: secure.getRandomValues.bind(secure) });
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    vi.stubGlobal('crypto', secure);
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});

describe('the Idempotency-Key header', () => {
  it('is sent by apiRequest and apiUpload when given, and not otherwise', async () => {
    const { calls } = mockFetch({ 'POST /api/a': { body: {} } });
    await apiRequest('/api/a', { method: 'POST', body: {}, idempotencyKey: 'k-1' });
    await apiRequest('/api/a', { method: 'POST', body: {} });
    expect(new Headers(calls[0]?.init?.headers).get('Idempotency-Key')).toBe('k-1');
    expect(new Headers(calls[1]?.init?.headers).get('Idempotency-Key')).toBeNull();

    const requests = stubXhr();
    const upload = apiUpload('/api/orders/create', { body: new FormData(), idempotencyKey: 'k-2' });
    requests[0]?.respond(201, {});
    await upload;
    expect(requests[0]?.headers['Idempotency-Key']).toBe('k-2');
  });
});

describe('an attempt kept in the tab', () => {
  it('sends the same request under the same key after a reload, and forgets it once answered', async () => {
    sessionStorage.clear();
    let made = 0;
    const newKey = () => `key-${++made}`;
    const keys: string[] = [];
    const sendWith = (attempt: ReturnType<typeof createSendAttempt>, outcome: () => Promise<unknown>) =>
      attempt
        .send(['order', 'photo.jpg|1234'], (key) => {
          keys.push(key);
          return outcome();
        })
        .catch(() => undefined);

    await sendWith(createSendAttempt(newKey, sessionAttemptMemory('orders.create')), networkError);
    // The page reloads: a new attempt over the same tab's memory.
    await sendWith(createSendAttempt(newKey, sessionAttemptMemory('orders.create')), ok);
    // Answered: the next send, even of the same order, is a new one.
    await sendWith(createSendAttempt(newKey, sessionAttemptMemory('orders.create')), ok);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('gives another order its own key, whatever an earlier one left unanswered', async () => {
    sessionStorage.clear();
    const memory = sessionAttemptMemory('orders.create');
    const first = createSendAttempt(() => 'key-a', memory);
    await first.send(['order A'], networkError).catch(() => undefined);
    const keys: string[] = [];
    const second = createSendAttempt(() => 'key-b', memory);
    await second.send(['order B'], (key) => {
      keys.push(key);
      return ok();
    });
    expect(keys).toEqual(['key-b']);
  });
});
