import { ZResetUserDataResponse } from '@habitrack/contracts/auth/reset-user-data';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export const RESET_USER_DATA_URL = '/api/v1/auth/reset-user-data';

export function resetUserData() {
  return sendJson('POST', RESET_USER_DATA_URL, { schema: ZResetUserDataResponse });
}

export function useResetUserData() {
  return useMutation({ mutationFn: resetUserData });
}
