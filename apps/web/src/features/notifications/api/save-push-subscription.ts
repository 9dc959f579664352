import type { PushSubscriptionBody } from '@retouch/shared/notifications';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/push/subscriptions`: this browser's `PushSubscription.toJSON()`. */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiRequest('/api/push/subscriptions', { method: 'POST', body });
}
