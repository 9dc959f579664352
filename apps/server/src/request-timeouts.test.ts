import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { waitForState } from '../test/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '2', REQUEST_IDLE_TIMEOUT_SECONDS: '1' });
});
afterAll(() => t.close());

/** What a raw connection received, and whether the server has closed it. */
interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: () => boolean;
}

/** A connection that sends a login's headers and the start of its body, then what the test sends. */
async function startLogin(): Promise<RawConnection> {
  const { port } = new URL(t.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  socket.write(
    'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 200\r\n\r\n{"email":"',
  );
  return { socket, received: () => received, closed: () => closed };
}

describe('requests that never finish arriving', () => {
  it('closes a connection whose body stopped coming', async () => {
    const login = await startLogin();
    try {
      await waitForState(() => expect(login.closed()).toBe(true));
      // Closed, not answered as a login.
      expect(login.received()).not.toMatch(/^HTTP\/1\.1 (200|401)/);
    } finally {
      login.socket.destroy();
    }
  });

  it('answers 408 to a body that keeps coming a byte at a time past the request timeout', async () => {
    const login = await startLogin();
    // Never silent long enough for the idle timeout: only the whole request's timeout can end it.
    const drip = setInterval(() => {
      if (!login.closed()) login.socket.write('a');
    }, 200);
    try {
      await waitForState(() => expect(login.closed()).toBe(true));
      expect(login.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      login.socket.destroy();
    }
  });

  it('still answers a request that arrives whole', async () => {
    const answer = await t
      .client()
      .post('/api/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(answer.status).toBe(401);
  });
});
