import { createContext, useContext } from 'react';
import type { AppSocket } from './socket';

// Apart from socket.ts, so the frame of every page can hold the context without the socket.io client.

/** The connected socket of the logged-in user, or null. */
export const SocketContext = createContext<AppSocket | null>(null);

export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}
