import { notificationSettingsSchema, type NotificationSettings } from '@retouch/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `PATCH /api/user/notifications`: answers the choices as kept. */
function updateNotificationSettings(body: NotificationSettings): Promise<NotificationSettings> {
  return apiRequest('/api/user/notifications', { method: 'PATCH', body, schema: notificationSettingsSchema });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notificationSettings, settings),
  });
}
