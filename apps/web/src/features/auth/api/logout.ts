import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useEndLocalSession } from '@/lib/session/use-end-local-session';

/** `POST /api/logout`. */
function logout() {
  return apiRequest('/api/logout', { method: 'POST', schema: messageSchema });
}

/**
 * Logs out on the server, then forgets the session here whatever the server said, and what
 * `forgetOnDevice` clears (the editor draft): the next person at a shared computer must not find the
 * photo. (A session that merely expired keeps the draft: the customer logs in again to send it.)
 */
export function useLogout(forgetOnDevice: () => Promise<void>) {
  const endLocalSession = useEndLocalSession();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      void forgetOnDevice().catch(() => undefined);
      endLocalSession();
    },
  });
}
