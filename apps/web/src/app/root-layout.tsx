import { Outlet } from 'react-router';
import { AntdRoot } from '@/components/antd-loader';
import { SessionSocketProvider } from './session-socket-provider';

/**
 * Everything under the router: Ant Design's providers once loaded (decision 29), and the realtime
 * connection while a user is logged in. Below the router, so that mounting the pages again inside
 * Ant Design's providers leaves the router and a navigation under way alone.
 */
export function RootLayout() {
  return (
    <AntdRoot>
      <SessionSocketProvider>
        <Outlet />
      </SessionSocketProvider>
    </AntdRoot>
  );
}
