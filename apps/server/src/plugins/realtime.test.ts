import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SocketEvent } from '@retouch/shared/realtime';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signUpCustomer } from '../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function nextEvent<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('the realtime socket', () => {
  it('sends errors 401 to a socket without a session and disconnects it', async () => {
    const socket = t.socket();
    const disconnected = nextEvent(socket, 'disconnect');
    const error = await nextEvent<{ status: number; message: string }>(socket, SocketEvent.errors);
    expect(error).toEqual({ status: 401, message: expect.any(String) });
    await disconnected;
  });

  it('delivers a user event to that user only', async () => {
    const ann = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const annSocket = t.socket(ann.client);
    const bobSocket = t.socket(bob.client);
    await Promise.all([nextEvent(annSocket, 'connect'), nextEvent(bobSocket, 'connect')]);
    const received: string[] = [];
    bobSocket.on(SocketEvent.changeOrders, () => received.push('bob'));

    const delivered = nextEvent(annSocket, SocketEvent.changeOrders);
    t.app.realtime.toUser(ann.user._id, SocketEvent.changeOrders, { orderId: 'o1', condition: 1 });
    expect(await delivered).toEqual({ orderId: 'o1', condition: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });

  it('ends the sockets of a session on logout', async () => {
    const { client } = await signUpCustomer(t);
    const socket = t.socket(client);
    await nextEvent(socket, 'connect');
    const error = nextEvent<{ status: number }>(socket, SocketEvent.errors);
    const disconnected = nextEvent(socket, 'disconnect');
    await client.post('/api/logout');
    expect((await error).status).toBe(401);
    await disconnected;
  });
});
