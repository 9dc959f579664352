import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSessionFlags, currentExitPath, hasLocalSession, setExitPath } from './session-flags';

/**
 * Forgets the session in this browser (flags and cached server state) and goes to /login, or to the
 * exit path a page set before ending the session on purpose (an account deletion goes to /).
 */
export function useEndLocalSession(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // Already ended here (an account deletion's answer came first and left for its exit path): a late
    // notice from the socket must not send the visitor on to /login.
    if (!hasLocalSession()) return;
    const to = currentExitPath() ?? '/login';
    // A guarded page re-renders at once on the cleared flags and must go to the same place (not to its
    // own login redirect), so the exit path is set for it and forgotten only after that render.
    setExitPath(to);
    clearSessionFlags();
    queryClient.removeQueries();
    void navigate(to, { replace: true });
    setTimeout(() => setExitPath(null), 0);
  }, [queryClient, navigate]);
}
