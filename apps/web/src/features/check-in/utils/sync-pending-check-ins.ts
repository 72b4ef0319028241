import { clearHabitLogPending, getPendingHabitLogs } from './local-habit-logs.ts';
import { logHabit, toLogRequest } from '../api/log-habit.ts';
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
      // Refused for good (too late, habit no longer active): out of the queue so it is not sent
      // forever, but the entry stays on the device.
      console.error('The server refused a check-in kept on this device; it stays on the device only', error);
      clearHabitLogPending(log);
      refused += 1;
    }
  }
  return { sent, refused, remaining: getPendingHabitLogs().length };
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
