import { type TLogHabitRequest, ZLogHabitResponse } from '@habitrack/contracts/habits/log-habit';
import { useMutation } from '@tanstack/react-query';
import { HttpError, sendJson } from '../../../lib/http.ts';
import { isTransientFailure } from '../utils/is-transient-failure.ts';
import {
  clearHabitLogPending,
  markHabitLogRefused,
  saveHabitLog,
  type TLocalHabitLog,
} from '../utils/local-habit-logs.ts';

// A check-in that hangs is worse than one kept on the device: after this long it is kept and sent later.
const LOG_TIMEOUT_MS = 15_000;

// A refusal without the server's detail (never expected from the API).
// eslint-disable-next-line lingui/no-unlocalized-strings -- kept on the device; shown through a catalog message
export const UNEXPLAINED_REFUSAL = 'HabiTrack could not accept this check-in.';

export function logHabit(habitId: string, body: TLogHabitRequest) {
  return sendJson('POST', `/api/v1/habits/${encodeURIComponent(habitId)}/log`, {
    body,
    schema: ZLogHabitResponse,
    timeoutMs: LOG_TIMEOUT_MS,
  });
}

// The request for a stored check-in. log_date is always sent: the day the member checked in for,
// which is what a log resent days later must keep (the server accepts today and the two dates before it).
export function toLogRequest(log: TLocalHabitLog): TLogHabitRequest {
  const note = log.notes.trim();
  return {
    log_type: log.completed ? 'completed' : 'skipped',
    ...(note ? { note } : {}),
    // The positive change only goes with a completed habit
    // (docs/domain/check-ins.md#what-a-log-holds).
    ...(log.completed && log.positiveChangeId ? { positive_change_id: log.positiveChangeId } : {}),
    log_date: log.date,
  };
}

export type TSaveOutcome = 'saved' | 'kept-on-device' | 'refused';

// Stored first (pending), then sent: if the call fails, or the tab closes mid-request, the check-in
// is still on the device and goes out later; the member continues either way
// (docs/domain/check-ins.md#check-ins-kept-on-the-device). One the server refuses for good is kept
// with the server's reason, which the dashboard tells the member.
export async function saveCheckIn(log: TLocalHabitLog): Promise<TSaveOutcome> {
  const pending = { ...log, pendingSync: true };
  saveHabitLog(pending);
  try {
    await logHabit(log.habitId, toLogRequest(pending));
    clearHabitLogPending(pending);
    return 'saved';
  } catch (error) {
    if (error instanceof HttpError && !isTransientFailure(error)) {
      markHabitLogRefused(pending, { status: error.status, detail: error.detail ?? UNEXPLAINED_REFUSAL });
      return 'refused';
    }
    console.error('Could not save the check-in; it is kept on this device and will be sent later', error);
    return 'kept-on-device';
  }
}

export function useSaveCheckIn() {
  return useMutation({ mutationFn: saveCheckIn });
}
