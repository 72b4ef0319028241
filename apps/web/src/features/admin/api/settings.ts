import type { TUpdateRetentionRequest } from '@habitrack/contracts/admin/retention';
import {
  ZAdminSettings,
  type TUpdateDefaultLocaleRequest,
  type TUpdateSettingsRequest,
} from '@habitrack/contracts/admin/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http.ts';

// GET and PUT /admin/settings (PUT replaces the tenant ids, the domains and the default cohort).
export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'],
  queryFn: () => getJson('/api/v1/admin/settings', ZAdminSettings),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}

export function updateSettings(body: TUpdateSettingsRequest) {
  return sendJson('PUT', '/api/v1/admin/settings', { body, schema: ZAdminSettings });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      client.setQueryData(settingsQueryOptions.queryKey, settings);
      // The default cohort shows in the cohorts list.
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

// PUT /admin/settings/retention: the retention period, or null to keep everything.
export function updateRetention(body: TUpdateRetentionRequest) {
  return sendJson('PUT', '/api/v1/admin/settings/retention', { body, schema: ZAdminSettings });
}

export function useUpdateRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (settings) => client.setQueryData(settingsQueryOptions.queryKey, settings),
  });
}

// PUT /admin/settings/default-locale: the organisation's default language.
export function updateDefaultLocale(body: TUpdateDefaultLocaleRequest) {
  return sendJson('PUT', '/api/v1/admin/settings/default-locale', { body, schema: ZAdminSettings });
}

export function useUpdateDefaultLocale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultLocale,
    onSuccess: (settings) => client.setQueryData(settingsQueryOptions.queryKey, settings),
  });
}
