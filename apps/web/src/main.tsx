import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadAntdScope } from '@/components/antd-loader';
import { hasLocalSession } from '@/lib/session/session-flags';
import { AppRoot } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppRoot />
  </StrictMode>
);
if (root.hasChildNodes()) {
  // A prerendered public page (decision 29): hydrated at once, as a visitor sees it. A logged-in
  // user's header needs Ant Design: it starts loading now rather than after hydration.
  hydrateRoot(root, app);
  if (hasLocalSession()) void loadAntdScope();
} else {
  // The app shell: every other page is built with Ant Design (preloaded by spa.html), so the app
  // renders inside its providers from the start. Without them if they cannot be loaded: the page
  // that needs them asks again.
  void loadAntdScope()
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}
