import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useEndLocalSession } from '../hooks/use-end-local-session';

/** `POST /api/logout`. */
export function logout() {
  return apiRequest('/api/logout', { method: 'POST', schema: messageSchema });
}

/** Logs out on the server, then forgets the session here whatever the server said. */
export function useLogout() {
  const endLocalSession = useEndLocalSession();
  return useMutation({ mutationFn: logout, onSettled: endLocalSession });
}
