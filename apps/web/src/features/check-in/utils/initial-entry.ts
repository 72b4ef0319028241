import type { THabitLog } from '@habitrack/contracts/habits/log-habit';
import type { TLocalHabitLog } from './local-habit-logs.ts';

export type TAnswer = 'completed' | 'skipped';

export type TCheckInEntry = {
  answer: TAnswer | null;
  positiveChangeId: string | null;
  notes: string;
};

// Where the day's earlier check-in came from: the server, this device (not synced yet), or none.
export type TEarlierCheckIn = 'server' | 'device' | null;

const EMPTY: TCheckInEntry = { answer: null, positiveChangeId: null, notes: '' };

// The form starts from the day's latest answer: one still waiting on this device is newer than
// anything the server has; otherwise the server's log; otherwise a blank form.
export function initialEntry(options: { serverLog: THabitLog | null; localLog: TLocalHabitLog | undefined }): {
  entry: TCheckInEntry;
  earlier: TEarlierCheckIn;
} {
  const { serverLog, localLog } = options;
  if (localLog?.pendingSync) {
    return {
      entry: {
        answer: localLog.completed ? 'completed' : 'skipped',
        positiveChangeId: localLog.positiveChangeId,
        notes: localLog.notes,
      },
      earlier: 'device',
    };
  }
  if (serverLog) {
    return {
      entry: {
        answer: serverLog.log_type,
        positiveChangeId: serverLog.positive_change_id,
        notes: serverLog.note ?? '',
      },
      earlier: 'server',
    };
  }
  return { entry: EMPTY, earlier: null };
}
