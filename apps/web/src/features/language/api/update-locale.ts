import { ZLocaleResponse, type TUpdateLocaleRequest } from '@habitrack/contracts/me/update-locale';
import { sendJson } from '../../../lib/http.ts';

export const LOCALE_URL = '/api/v1/me/locale';

// PUT /api/v1/me/locale: the member's own choice of language, or null to clear it.
export function updateLocale(body: TUpdateLocaleRequest) {
  return sendJson('PUT', LOCALE_URL, { body, schema: ZLocaleResponse });
}
