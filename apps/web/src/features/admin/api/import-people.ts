import { ZImportPeopleResponse, type TImportPeopleRequest } from '@habitrack/contracts/admin/people';
import { sendWithProgress, type TUploadProgress } from '../utils/send-with-progress.ts';

// POST /admin/people/imports: with dry_run the answer previews the changes and nothing is written.
export function importPeople(body: TImportPeopleRequest, onProgress: (progress: TUploadProgress) => void) {
  return sendWithProgress({ url: '/api/v1/admin/people/imports', body, schema: ZImportPeopleResponse, onProgress });
}
