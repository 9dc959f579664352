import { useEffect, useState } from 'react';

/**
 * Gives the focus back, when a dialog goes, to what had it as the dialog came (the button that opened
 * it). antd returns it only after a closing animation, which a dialog taken out of the page never runs.
 */
export function useFocusReturn() {
  // Read as the dialog first renders, before it takes the focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    },
    [opener],
  );
}
