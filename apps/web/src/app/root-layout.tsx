import { Outlet } from 'react-router';
import { SessionSocketProvider } from '@/features/auth/components/session-socket-provider';

/** Everything under the router: the realtime connection lives here while a user is logged in. */
export function RootLayout() {
  return (
    <SessionSocketProvider>
      <Outlet />
    </SessionSocketProvider>
  );
}
