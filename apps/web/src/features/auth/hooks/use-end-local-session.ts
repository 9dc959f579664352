import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSessionFlags } from '../stores/session-flags';

/** Forgets the session in this browser (flags and cached server state) and goes to /login. */
export function useEndLocalSession(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSessionFlags();
    queryClient.removeQueries();
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
