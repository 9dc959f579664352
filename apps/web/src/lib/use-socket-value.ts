import type { ServerToClientEvents } from '@retouch/shared/realtime';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { AppSocket } from './socket';
import { useSocket } from './socket-context';
import { onResync } from './socket-resync';

/** The server events that carry one value. */
type ValueEvent = {
  [Event in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[Event]> extends [unknown]
    ? Event
    : never;
}[keyof ServerToClientEvents];

interface SocketValueOptions<Payload, Value> {
  event: ValueEvent;
  /** What a payload must be; anything else is ignored. */
  schema: z.ZodType<Payload>;
  select: (payload: Payload) => Value;
  /** Asks the server to send the value now (answered by `event`). */
  ask: (socket: AppSocket) => void;
}

/**
 * A value the server keeps up on the socket: asked for on mount and after each reconnect or `refetch`,
 * then replaced by every `event` it broadcasts; null until the first one arrives (or without a session's
 * socket).
 */
export function useSocketValue<Payload, Value>({
  event,
  schema,
  select,
  ask,
}: SocketValueOptions<Payload, Value>): Value | null {
  const socket = useSocket();
  const [value, setValue] = useState<Value | null>(null);
  // The options' identity changes at every render; the hook follows the socket and the event only.
  const [options] = useState(() => ({ schema, select, ask }));
  useEffect(() => {
    if (!socket) return;
    const onValue = (payload: unknown) => {
      const parsed = options.schema.safeParse(payload);
      if (parsed.success) setValue(options.select(parsed.data));
    };
    // Asked again after every reconnect and `refetch`: broadcasts sent while the socket was away, or while
    // the server's link to the other instances was down, are lost. A request made before the first connect
    // waits in socket.io's buffer and goes with it.
    let buffered = !socket.connected;
    socket.on(event, onValue);
    const stopResync = onResync(socket, () => {
      if (buffered) buffered = false;
      else options.ask(socket);
    });
    options.ask(socket);
    return () => {
      socket.off(event, onValue);
      stopResync();
    };
  }, [socket, event, options]);
  return value;
}
