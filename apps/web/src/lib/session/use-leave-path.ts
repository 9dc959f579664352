import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { currentExitPath, setExitPath } from './session-flags';
import { loginPathFor } from './redirect';

/**
 * Where a guarded page sends a visitor without a session: the exit path of a session ended on purpose
 * (an exit: a plain /login, so the next person at this computer does not land on this page), else
 * /login and back here (a session that expired). Chosen when the session is seen ended and kept while
 * the page stays: the exit path is forgotten soon after, while the next page may still be loading.
 */
export function useLeavePath(loggedIn: boolean): string | null {
  const location = useLocation();
  const [chosen, setChosen] = useState<string | null>(null);
  // An exit path is used once: after the redirect to it has been made.
  useEffect(() => {
    if (!loggedIn) setExitPath(null);
  }, [loggedIn]);
  if (loggedIn) {
    if (chosen !== null) setChosen(null);
    return null;
  }
  if (chosen !== null) return chosen;
  const path = currentExitPath() ?? loginPathFor(location);
  setChosen(path);
  return path;
}
