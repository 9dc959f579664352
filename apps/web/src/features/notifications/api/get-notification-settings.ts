import { notificationSettingsSchema, type NotificationSettings } from '@retouch/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/user/notifications`: the customer's notification choices. */
function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest('/api/user/notifications', { schema: notificationSettingsSchema });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: queryKeys.notificationSettings, queryFn: getNotificationSettings });
}
