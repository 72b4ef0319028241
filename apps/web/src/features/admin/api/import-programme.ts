import { ZImportProgrammeResponse, type TImportProgrammeRequest } from '@habitrack/contracts/admin/content';
import { sendWithProgress, type TUploadProgress } from '../utils/send-with-progress.ts';

// POST /admin/programmes/imports: with dry_run the answer previews the changes and nothing is written.
export function importProgramme(body: TImportProgrammeRequest, onProgress: (progress: TUploadProgress) => void) {
  return sendWithProgress({
    url: '/api/v1/admin/programmes/imports',
    body,
    schema: ZImportProgrammeResponse,
    onProgress,
  });
}
