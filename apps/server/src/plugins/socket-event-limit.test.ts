import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketEvent, type SocketError } from '@retouch/shared/realtime';
import { ServerText } from '@retouch/shared/texts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/fixtures';
import { waitForState } from '../../test/limits';
import { collectEvents, connectedSocket } from '../../test/staff-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each `executor rate` a customer's socket sends that is handled is answered `errors` 403 (staff only). */
const handled = (errors: SocketError[]) => errors.filter((error) => error.status === 403).length;
const refused = (errors: SocketError[]) => errors.filter((error) => error.status === 429);

describe('the events a socket may send', () => {
  it('refuses most of a flood, tells the socket why, disconnects it, and the server keeps answering', async () => {
    const { client } = await signUpCustomer(t);
    const socket = await connectedSocket(t, client);
    const errors = collectEvents<SocketError>(socket, SocketEvent.errors);
    let disconnected = false;
    socket.on('disconnect', () => (disconnected = true));

    for (let i = 0; i < 2000; i += 1) socket.emit(SocketEvent.executorRate);
    // Answered while the flood is being read.
    expect((await t.client().get('/api/services')).status).toBe(200);

    await waitForState(() => expect(disconnected || handled(errors) === 2000).toBe(true));
    expect(disconnected).toBe(true);
    // A burst at most (none when the flood came in one read: the socket was gone before they ran).
    expect(handled(errors)).toBeLessThan(100);
    expect(refused(errors)[0]).toEqual({ status: 429, message: ServerText.tooManyRequests });
    expect((await t.client().get('/api/services')).status).toBe(200);
  });

  it('refuses what goes past a burst, through the acknowledgement when one is asked, and keeps the socket', async () => {
    const { client } = await signUpCustomer(t);
    const socket = await connectedSocket(t, client);
    const errors = collectEvents<SocketError>(socket, SocketEvent.errors);
    const acknowledged: SocketError[] = [];

    for (let i = 0; i < 60; i += 1) {
      socket.emit(SocketEvent.executorRate, (answer: SocketError) => acknowledged.push(answer));
    }
    await waitForState(() => expect(handled(errors) + acknowledged.length).toBe(60));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const answer of acknowledged)
      expect(answer).toEqual({ status: 429, message: ServerText.tooManyRequests });
    expect(refused(errors).length).toBeGreaterThan(0);
    expect(socket.connected).toBe(true);
  });

  it('handles every event of ordinary use', async () => {
    const { client } = await signUpCustomer(t);
    const socket = await connectedSocket(t, client);
    const errors = collectEvents<SocketError>(socket, SocketEvent.errors);

    for (let i = 0; i < 5; i += 1) socket.emit(SocketEvent.executorRate);
    await waitForState(() => expect(handled(errors)).toBe(5));
    expect(refused(errors)).toEqual([]);
    expect(socket.connected).toBe(true);
  });
});
