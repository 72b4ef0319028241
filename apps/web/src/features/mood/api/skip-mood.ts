import { ZMoodEntry } from '@habitrack/contracts/mood/record-mood';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { alreadyRecordedCountsAsDone } from './already-recorded.ts';

// SPEC §7: no payload.
export function skipMood() {
  return alreadyRecordedCountsAsDone(sendJson('POST', '/api/v1/mood/skip', { schema: ZMoodEntry }));
}

export function useSkipMood() {
  return useMutation({ mutationFn: skipMood });
}
