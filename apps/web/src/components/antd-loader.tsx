import { lazy, useSyncExternalStore, type ReactNode } from 'react';
import type * as AntdScopeModule from './antd-scope';

// Ant Design is not in the landing page's JavaScript (decision 29): the first part of the app that
// needs it loads it, with the providers its components read (AntdScope), and `AntdRoot` then wraps
// the pages in them.
let loading: Promise<typeof AntdScopeModule> | undefined;
let loaded: typeof AntdScopeModule | null = null;
const listeners = new Set<() => void>();

/** Loads Ant Design's providers once; `AntdRoot` wraps the app in them from then on. */
export function loadAntdScope(): Promise<typeof AntdScopeModule> {
  loading ??= import('./antd-scope').then(
    (module) => {
      loaded = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = undefined; // a failed download may be tried again
      throw error;
    },
  );
  return loading;
}

/**
 * `lazy()` for a component built with Ant Design: it renders once both its code and Ant Design's
 * providers have arrived, so it never renders outside them.
 */
export const lazyWithAntd: typeof lazy = (load) =>
  lazy(() => Promise.all([load(), loadAntdScope()]).then(([module]) => module));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The pages, inside Ant Design's providers once they have been loaded. Wrapping them then mounts them
 * again, once: when a page, the account menu or a form first needs Ant Design, before any of them has
 * rendered; the prerendered pages are hydrated without it. It sits below the router (RootLayout): a
 * router mounted again in the middle of a navigation lost that navigation's rendering.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const scope = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  return scope ? <scope.AntdScope>{children}</scope.AntdScope> : children;
}
