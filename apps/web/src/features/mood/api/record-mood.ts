import { type TRecordMoodRequest, ZMoodEntry } from '@habitrack/contracts/mood/record-mood';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { alreadyRecordedCountsAsDone } from './already-recorded.ts';

export function recordMood(moodValue: number) {
  const body: TRecordMoodRequest = { mood_value: moodValue };
  return alreadyRecordedCountsAsDone(sendJson('POST', '/api/v1/mood/', { body, schema: ZMoodEntry }));
}

export function useRecordMood() {
  return useMutation({ mutationFn: recordMood });
}
