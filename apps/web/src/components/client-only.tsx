import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const subscribeToNothing = () => () => undefined;

/** False on the server and while the prerendered HTML is hydrated; true in the browser after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

interface ClientOnlyProps {
  /** What the prerendered HTML shows; also shown while the lazy `children` load. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * A part of a prerendered page that only the browser renders (data from the API, Ant Design forms):
 * the placeholder in the HTML and during hydration, so both agree, then `children`.
 */
export function ClientOnly({ placeholder, children }: ClientOnlyProps) {
  return useHydrated() ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
