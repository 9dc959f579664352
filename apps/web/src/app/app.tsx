import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function AppRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
