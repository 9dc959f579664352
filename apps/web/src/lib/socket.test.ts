import { SOCKET_MAX_CONNECT_ERRORS } from '@retouch/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { watchConnection, type AppSocket, type ConnectionHandlers } from './socket';

function fakeSocket() {
  const listeners = new Map<string, (payload?: unknown) => void>();
  const socket = {
    active: true,
    on: vi.fn((event: string, listener: (payload?: unknown) => void) => listeners.set(event, listener)),
    off: vi.fn((event: string) => listeners.delete(event)),
    disconnect: vi.fn(),
  };
  const emit = (event: string, payload?: unknown) => listeners.get(event)?.(payload);
  return { socket, emit, listeners, asSocket: socket as unknown as AppSocket };
}

function handlers(): ConnectionHandlers {
  return {
    onReconnecting: vi.fn(),
    onGaveUp: vi.fn(),
    onUnauthorized: vi.fn(),
    onError: vi.fn(),
    onInfo: vi.fn(),
    onWarn: vi.fn(),
  };
}

describe('watchConnection', () => {
  it('says it reconnects on the first connect error and gives up after the bound', () => {
    const { socket, emit, asSocket } = fakeSocket();
    const on = handlers();
    watchConnection(asSocket, on);

    emit('connect_error');
    expect(on.onReconnecting).toHaveBeenCalledTimes(1);
    for (let i = 2; i < SOCKET_MAX_CONNECT_ERRORS; i += 1) emit('connect_error');
    expect(on.onReconnecting).toHaveBeenCalledTimes(1);
    expect(on.onGaveUp).not.toHaveBeenCalled();
    expect(socket.disconnect).not.toHaveBeenCalled();

    emit('connect_error');
    expect(on.onGaveUp).toHaveBeenCalledTimes(1);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });

  it('counts again from zero after a successful connection', () => {
    const { emit, asSocket } = fakeSocket();
    const on = handlers();
    watchConnection(asSocket, on);
    for (let i = 1; i < SOCKET_MAX_CONNECT_ERRORS; i += 1) emit('connect_error');
    emit('connect');
    emit('connect_error');
    expect(on.onGaveUp).not.toHaveBeenCalled();
    expect(on.onReconnecting).toHaveBeenCalledTimes(2);
  });

  it('asks for an auth check on a 401 and when the server refuses the handshake', () => {
    const { socket, emit, asSocket } = fakeSocket();
    const on = handlers();
    watchConnection(asSocket, on);
    emit('errors', { status: 401, message: 'You are not logged in' });
    expect(on.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(on.onError).not.toHaveBeenCalled();

    socket.active = false;
    emit('connect_error');
    expect(on.onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('shows other errors, info and warnings', () => {
    const { emit, asSocket } = fakeSocket();
    const on = handlers();
    watchConnection(asSocket, on);
    emit('errors', { status: 500, message: 'Boom' });
    emit('info', { message: 'Hello' });
    emit('warn', { message: 'Careful' });
    emit('info', { nonsense: true });
    expect(on.onError).toHaveBeenCalledWith('Boom');
    expect(on.onInfo).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(on.onWarn).toHaveBeenCalledWith('Careful');
  });

  it('removes its listeners when stopped', () => {
    const { listeners, asSocket } = fakeSocket();
    const stop = watchConnection(asSocket, handlers());
    expect(listeners.size).toBe(5);
    stop();
    expect(listeners.size).toBe(0);
  });
});
