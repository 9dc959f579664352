import type { PushUnsubscribeBody } from '@retouch/shared/notifications';
import { apiRequest } from '@/lib/api-client';

/** `DELETE /api/push/subscriptions` {endpoint}: the server forgets this browser. */
export async function deletePushSubscription(body: PushUnsubscribeBody): Promise<void> {
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body });
}
