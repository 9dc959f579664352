import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The window's inner size, updated on resize. */
export function useWindowSize(): { width: number; height: number } {
  const width = useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1024,
  );
  const height = useSyncExternalStore(
    subscribe,
    () => window.innerHeight,
    () => 768,
  );
  return { width, height };
}
