import type { HttpError } from '../../../lib/http.ts';
import { clearHabitLogPending, getPendingHabitLogs, markHabitLogRefused } from './local-habit-logs.ts';
import { logHabit, toLogRequest, UNEXPLAINED_REFUSAL } from '../api/log-habit.ts';
import { isTransientFailure } from './is-transient-failure.ts';

export type TSyncResult = { sent: number; refused: number; remaining: number };

async function sendAll(): Promise<TSyncResult> {
  let sent = 0;
  let refused = 0;
  for (const log of getPendingHabitLogs()) {
    try {
      await logHabit(log.habitId, toLogRequest(log));
      clearHabitLogPending(log);
      sent += 1;
    } catch (error) {
      // Still unreachable: the rest would fail the same way; all of them go next time.
      if (isTransientFailure(error)) break;
      // Refused for good (a paused day, a frame over, too late): out of the queue so it is not sent
      // forever, with the server's reason, kept until the member has read it
      // (docs/domain/check-ins.md#check-ins-kept-on-the-device).
      markHabitLogRefused(log, refusalOf(error));
      refused += 1;
    }
  }
  return { sent, refused, remaining: getPendingHabitLogs().length };
}

// Every failure that is not transient is an answer from the server (is-transient-failure.ts).
function refusalOf(error: unknown): { status: number; detail: string } {
  const refused = error as HttpError;
  return { status: refused.status, detail: refused.detail ?? UNEXPLAINED_REFUSAL };
}

let running: Promise<TSyncResult> | null = null;

// Sends the check-ins kept on this device after a failed save, oldest first, each with its own
// date. One run at a time: a mount and an 'online' event arriving together must not send twice.
export function syncPendingCheckIns(): Promise<TSyncResult> {
  running ??= sendAll().finally(() => {
    running = null;
  });
  return running;
}
