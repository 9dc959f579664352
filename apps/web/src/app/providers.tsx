import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';

/** Server state, the Ant Design theme and the notification context the whole app shares. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={enUS}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
