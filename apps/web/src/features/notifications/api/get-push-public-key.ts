import { pushPublicKeySchema } from '@retouch/shared/notifications';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/push/public-key`: the server's VAPID key browsers subscribe with (404 while Web Push is off). */
export async function getPushPublicKey(): Promise<string> {
  return (await apiRequest('/api/push/public-key', { schema: pushPublicKeySchema })).publicKey;
}
