import { z } from 'zod';
import { storedItem } from '../../../lib/storage.ts';

// This browser's copy of the member's check-ins: the Daily Check-in shows today's at once and
// resends the ones the server has not confirmed. The root decision and the cohort's offline
// sample read it too, handed to them by their routes (features do not import each other).

const ZLocalHabitLog = z.object({
  date: z.string(),
  completed: z.boolean(),
  notes: z.string(),
  habitId: z.string(),
  positiveChangeId: z.string().nullable(),
  // True while the server has not confirmed this check-in (it failed to send, or is being sent).
  // Optional so logs stored before the flag existed stay readable; they count as not pending.
  pendingSync: z.boolean().optional(),
  // What the member saw when checking in, for telling them about it later (optional: older entries
  // and the default habit have none).
  habitName: z.string().optional(),
  userHabitId: z.string().optional(),
  // The server refused this check-in for good when it was sent from the device (a paused day, a
  // frame already over, too late): its answer, kept until the member has read it.
  refusal: z.object({ status: z.number(), detail: z.string() }).optional(),
});
export type TLocalHabitLog = z.infer<typeof ZLocalHabitLog>;

// Entries are checked one by one (getHabitLogs), so the list itself is only a list here.
const stored = storedItem('habitLogs', z.array(z.unknown()));

export function getHabitLogs(): TLocalHabitLog[] {
  // Keep the good entries of a partly damaged list rather than dropping the user's history.
  return (stored.read() ?? []).flatMap((entry) => {
    const parsed = ZLocalHabitLog.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function getHabitLog(habitId: string, date: string): TLocalHabitLog | undefined {
  return getHabitLogs().find((log) => log.habitId === habitId && log.date === date);
}

// One log per habit per day, like the server: a second save for the day replaces the first.
export function saveHabitLog(log: TLocalHabitLog): void {
  const others = getHabitLogs().filter((l) => !(l.habitId === log.habitId && l.date === log.date));
  stored.write([...others, log]);
}

// Check-ins the server has not confirmed yet, oldest first (the order they were saved in).
export function getPendingHabitLogs(): TLocalHabitLog[] {
  return getHabitLogs().filter((log) => log.pendingSync === true);
}

function sameEntry(a: TLocalHabitLog, b: TLocalHabitLog): boolean {
  return (
    a.habitId === b.habitId &&
    a.date === b.date &&
    a.completed === b.completed &&
    a.notes === b.notes &&
    a.positiveChangeId === b.positiveChangeId
  );
}

// Clears the pending flag once the server has the log (the entry itself stays). Only if the stored
// entry is still the one that was sent: an edit saved meanwhile stays pending and is sent next time.
export function clearHabitLogPending(sent: TLocalHabitLog): void {
  updateSent(sent, (log) => ({ ...log, pendingSync: false, refusal: undefined }));
}

// The server refused the check-in for good: out of the queue, with the server's reason, until the
// member acknowledges it (acknowledgeRefusal). Same rule as above for an entry edited meanwhile.
export function markHabitLogRefused(sent: TLocalHabitLog, refusal: { status: number; detail: string }): void {
  updateSent(sent, (log) => ({ ...log, pendingSync: false, refusal }));
}

function updateSent(sent: TLocalHabitLog, change: (log: TLocalHabitLog) => TLocalHabitLog): void {
  const logs = getHabitLogs();
  const kept = logs.find((log) => sameEntry(log, sent));
  if (!kept || kept.pendingSync !== true) return;
  stored.write(logs.map((log) => (log === kept ? change(log) : log)));
}

// Check-ins the server refused that the member has not acknowledged yet, oldest first.
export function getRefusedHabitLogs(): TLocalHabitLog[] {
  return getHabitLogs().filter((log) => log.refusal !== undefined);
}

// The member has read why the check-in was refused: the entry stays on the device, as any other
// check-in the server does not hold, without the refusal.
export function acknowledgeRefusal(refused: TLocalHabitLog): void {
  const logs = getHabitLogs();
  stored.write(
    logs.map((log) =>
      log.habitId === refused.habitId && log.date === refused.date && log.refusal
        ? { ...log, refusal: undefined }
        : log,
    ),
  );
}

// The Reset developer tool (app/progress-data.ts).
export function clearHabitLogs(): void {
  stored.remove();
}
