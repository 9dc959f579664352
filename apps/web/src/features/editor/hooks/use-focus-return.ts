import { useEffect, useState } from 'react';

/**
 * Gives the focus back, when a dialog goes, to what had it as the dialog came (the button that opened
 * it). antd returns it only after a closing animation, which a dialog taken out of the page never runs.
 * When what the dialog did took its opener away, the focus goes to `fallback`'s element instead of
 * being left to the page.
 */
export function useFocusReturn(fallback?: () => HTMLElement | null) {
  // Read as the dialog first renders, before it takes the focus.
  const [opener] = useState(() => document.activeElement);
  const [fallbackAtOpen] = useState(() => fallback);
  useEffect(
    () => () => {
      const target = opener instanceof HTMLElement && opener.isConnected ? opener : fallbackAtOpen?.();
      target?.focus({ preventScroll: true });
    },
    [opener, fallbackAtOpen],
  );
}
