import type { TExportMyDataQuery } from '@habitrack/contracts/me/export-my-data';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

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
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
