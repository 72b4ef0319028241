import { ZAuditPage, type TAuditFilters } from '@habitrack/contracts/admin/audit';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getJson, request } from '../../../lib/http.ts';
import { saveFile } from '../../../lib/save-file.ts';

function auditQuery(filters: TAuditFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  if (page !== undefined) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function auditQueryOptions(filters: TAuditFilters, page: number) {
  return queryOptions({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () => getJson(`/api/v1/admin/audit${auditQuery(filters, page)}`, ZAuditPage),
    placeholderData: keepPreviousData,
  });
}

export function useAuditPage(filters: TAuditFilters, page: number) {
  return useQuery(auditQueryOptions(filters, page));
}

// GET /admin/audit/export: the matching entries as CSV. It needs the bearer token, so it is
// fetched and then handed to the browser as a download.
export async function exportAudit(filters: TAuditFilters): Promise<string> {
  const response = await request(`/api/v1/admin/audit/export${auditQuery(filters)}`, {
    headers: { Accept: 'text/csv' },
  });
  const header = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(header)?.[1] ?? 'habitrack-audit-log.csv';
  saveFile(await response.blob(), name);
  return name;
}

export function useExportAudit() {
  return useMutation({ mutationFn: exportAudit });
}
