import { ZNotificationPreferences } from '@habitrack/contracts/me/get-notification-preferences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export const NOTIFICATION_PREFERENCES_URL = '/api/v1/me/notification-preferences';

export function getNotificationPreferences() {
  return getJson(NOTIFICATION_PREFERENCES_URL, ZNotificationPreferences);
}

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: ['me', 'notification-preferences'],
  queryFn: getNotificationPreferences,
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}
