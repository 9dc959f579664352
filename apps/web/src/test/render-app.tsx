import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** Renders the whole app at `path`, as a visitor arriving there would see it. */
export function renderApp(
  path: string,
  { userEventOptions }: { userEventOptions?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(userEventOptions);
  const view = render(
    // Ant Design's style tags stay out of the document, as in server rendering: happy-dom matched every
    // one of their rules for each role query, which took half of a test's time. Nothing here reads CSS.
    <StyleProvider mock="server">
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, router, user, queryClient, location: () => router.state.location };
}
