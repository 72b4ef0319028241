import type { TExportMyDataQuery } from '@habitrack/contracts/me/export-my-data';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type TExportFormat = TExportMyDataQuery['format'];

export const exportUrl = (format: TExportFormat) => `/api/v1/me/export?format=${format}`;

// The file name the server gives (Content-Disposition), or one of our own.
function fileNameOf(response: Response, format: TExportFormat): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? `habitrack-my-data.${format}`;
}

// The export needs the bearer token, so it is fetched, then handed to the browser as a download.
export async function downloadMyData(format: TExportFormat): Promise<string> {
  const response = await request(exportUrl(format), {
    headers: { Accept: format === 'zip' ? 'application/zip' : 'application/json' },
  });
  const name = fileNameOf(response, format);
  saveFile(await response.blob(), name);
  return name;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
