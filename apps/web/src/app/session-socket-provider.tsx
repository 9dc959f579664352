import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithAntd } from '@/components/antd-loader';
import { useSessionFlags } from '@/lib/session/session-flags';
import type { AppSocket } from '@/lib/socket';
import { SocketContext } from '@/lib/socket-context';

// The socket.io client and the connection rules load only for a logged-in user.
const SessionSocket = lazyWithAntd(() => import('./session-socket'));

/** Holds the realtime connection while a user is logged in and gives it to every screen below. */
export function SessionSocketProvider({ children }: { children: ReactNode }) {
  const { loggedIn } = useSessionFlags();
  const [socket, setSocket] = useState<AppSocket | null>(null);
  return (
    <SocketContext value={loggedIn ? socket : null}>
      {children}
      {loggedIn && (
        <Suspense fallback={null}>
          <SessionSocket onSocket={setSocket} />
        </Suspense>
      )}
    </SocketContext>
  );
}
