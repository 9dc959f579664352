import { LoadingOutlined } from '@ant-design/icons';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';

// A button's own loading icon leaves with a width transition that does not always end (a loading
// shorter than the transition), and stays in the button's accessible name ("loading Pay"). An icon
// of our own is shown and removed at once.
const buttonConfig = { loadingIcon: <LoadingOutlined /> };

/** Server state, the Ant Design theme and the notification context the whole app shares. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={enUS} button={buttonConfig}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
