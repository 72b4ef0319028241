import { ZMoodEntry } from '@habitrack/contracts/mood/record-mood';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { alreadyRecordedCountsAsDone } from './already-recorded.ts';

// No payload (docs/domain/api-calls.md#mood-and-social).
export function skipMood() {
  return alreadyRecordedCountsAsDone(sendJson('POST', '/api/v1/mood/skip', { schema: ZMoodEntry }));
}

export function useSkipMood() {
  return useMutation({ mutationFn: skipMood });
}
