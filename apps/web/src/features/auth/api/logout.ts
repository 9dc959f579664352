import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { clearDraft } from '@/features/editor/stores/editor-draft-store';
import { apiRequest } from '@/lib/api-client';
import { useEndLocalSession } from '../hooks/use-end-local-session';

/** `POST /api/logout`. */
function logout() {
  return apiRequest('/api/logout', { method: 'POST', schema: messageSchema });
}

/**
 * Logs out on the server, then forgets the session here whatever the server said, and the editor draft
 * kept on this device: the next person at a shared computer must not find the photo. (A session that
 * merely expired keeps the draft: the customer logs in again to send it.)
 */
export function useLogout() {
  const endLocalSession = useEndLocalSession();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      void clearDraft().catch(() => undefined);
      endLocalSession();
    },
  });
}
