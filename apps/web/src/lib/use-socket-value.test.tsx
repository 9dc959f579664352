import { queueRateSchema } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import type { AppSocket } from './socket';
import { SocketContext } from './socket-context';
import { useSocketValue } from './use-socket-value';

const ask = vi.fn((socket: AppSocket) => socket.emit(SocketEvent.executorRate));

function QueueSize() {
  const size = useSocketValue({
    event: SocketEvent.executorRate,
    schema: queueRateSchema,
    select: (rate) => rate.size,
    ask,
  });
  return <p>Queue: {size ?? 'unknown'}</p>;
}

/** A fake socket that records what the client emits; `connected` as socket.io is before or after its first connect. */
function aSocket({ connected }: { connected: boolean }) {
  const socket = new FakeSocket('', {});
  socket.connected = connected;
  const emit = vi.fn();
  Object.assign(socket, { emit });
  return { socket, emit, asSocket: socket as unknown as AppSocket };
}

function renderWith(socket: AppSocket | null) {
  ask.mockClear();
  return render(
    <SocketContext value={socket}>
      <QueueSize />
    </SocketContext>,
  );
}

describe('useSocketValue', () => {
  it('asks the server for the value and shows each value it broadcasts', () => {
    const { socket, emit, asSocket } = aSocket({ connected: true });
    renderWith(asSocket);
    expect(screen.getByText('Queue: unknown')).toBeInTheDocument();
    expect(emit).toHaveBeenCalledWith(SocketEvent.executorRate);

    act(() => socket.serverEmit(SocketEvent.executorRate, { size: 3 }));
    expect(screen.getByText('Queue: 3')).toBeInTheDocument();
    act(() => socket.serverEmit(SocketEvent.executorRate, { size: 0 }));
    expect(screen.getByText('Queue: 0')).toBeInTheDocument();
  });

  it('keeps the last value when a payload does not match the schema', () => {
    const { socket, asSocket } = aSocket({ connected: true });
    renderWith(asSocket);
    act(() => socket.serverEmit(SocketEvent.executorRate, { size: 2 }));
    act(() => socket.serverEmit(SocketEvent.executorRate, { size: 'many' }));
    expect(screen.getByText('Queue: 2')).toBeInTheDocument();
  });

  it('asks again after a reconnect, not at the first connect its buffered request goes with', () => {
    const { socket, emit, asSocket } = aSocket({ connected: false });
    renderWith(asSocket);
    expect(emit).toHaveBeenCalledTimes(1);
    act(() => socket.serverEmit('connect'));
    expect(emit).toHaveBeenCalledTimes(1);
    act(() => socket.serverEmit('disconnect'));
    act(() => socket.serverEmit('connect'));
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it('asks again when the server says events may have been missed while the socket stayed connected', () => {
    const { socket, emit, asSocket } = aSocket({ connected: true });
    renderWith(asSocket);
    expect(emit).toHaveBeenCalledTimes(1);
    act(() => socket.serverEmit(SocketEvent.refetch));
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it('stops listening when unmounted', () => {
    const { socket, asSocket } = aSocket({ connected: true });
    const view = renderWith(asSocket);
    view.unmount();
    expect(socket.listeners.get(SocketEvent.executorRate)?.size ?? 0).toBe(0);
    expect(socket.listeners.get('connect')?.size ?? 0).toBe(0);
    expect(socket.listeners.get(SocketEvent.refetch)?.size ?? 0).toBe(0);
  });

  it('shows no value and asks nothing without a session socket', () => {
    renderWith(null);
    expect(screen.getByText('Queue: unknown')).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
  });
});
