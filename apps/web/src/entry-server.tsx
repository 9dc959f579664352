import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { DocumentHeadContext, type DocumentHead } from '@/lib/document-head';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';

export interface PrerenderedPage extends DocumentHead {
  /** The HTML of the app's root element: the page as a visitor sees it before any script runs. */
  html: string;
}

/**
 * Renders the page at `path` as the browser's first render will (the same tree as main.tsx, as a
 * visitor: no session, no API answers), waiting for its lazy chunks. Built by scripts/build.ts.
 */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: DocumentHead = {};
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <DocumentHeadContext value={head}>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </DocumentHeadContext>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { ...head, html: Buffer.concat(chunks).toString('utf8') };
}
