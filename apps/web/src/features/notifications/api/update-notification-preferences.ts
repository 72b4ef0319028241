import { ZNotificationPreferences } from '@habitrack/contracts/me/get-notification-preferences';
import type { TUpdateNotificationPreferencesRequest } from '@habitrack/contracts/me/update-notification-preferences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { NOTIFICATION_PREFERENCES_URL, notificationPreferencesQueryOptions } from './get-notification-preferences.ts';

export function updateNotificationPreferences(body: TUpdateNotificationPreferencesRequest) {
  return sendJson('PUT', NOTIFICATION_PREFERENCES_URL, { body, schema: ZNotificationPreferences });
}

// The answer is the settings as saved: every screen showing them (the settings page, the
// dashboard's offer) follows at once.
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryOptions.queryKey, saved),
  });
}
