import type { THabitHistoryResponse, THistoryDay } from '@habitrack/contracts/habits/get-habit-history';
import type { TCompletedHabit } from '@habitrack/contracts/habits/list-completed-habits';
import { MAX_PAUSED_DAYS } from '@habitrack/contracts/habits/pause-habit';
import {
  findHistoryFacts,
  insertCelebration,
  listCompletedFacts,
  type HistoryFacts,
} from '../../db/queries/habits/history.ts';
import { findHabitFrame } from '../../db/queries/habits/pauses.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import { checkInRefusal } from './check-in-rules.ts';
import {
  bestStreak,
  currentStreak,
  dayState,
  effectiveStatus,
  frameDates,
  frameIsOver,
  pausedDayCount,
  strength,
  type FrameFacts,
} from './frame.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

export const NOT_YOUR_HABIT = 'This habit is not one of yours.';

function frameFacts(facts: HistoryFacts): FrameFacts {
  return {
    startedOn: facts.startedOn,
    frameEndsOn: facts.frameEndsOn,
    pauses: facts.pauses,
    logs: new Map(facts.logs.map((log) => [log.date, log.type])),
  };
}

// The figures beside the history and in the celebration (decision 014).
function summary(facts: HistoryFacts, today: string) {
  const frame = frameFacts(facts);
  return {
    days_completed: facts.logs.filter((log) => log.type === 'completed').length,
    total_days: facts.targetDays,
    best_streak: bestStreak(frame, today),
    strength: strength(frame, today),
    positive_changes_logged: facts.logs.filter((log) => log.positiveChange !== null).length,
  };
}

// Whether the check-in rules (the only place they live) let the member log `date` now.
function canLog(facts: HistoryFacts, status: THabitHistoryResponse['status'], date: string, today: string) {
  if (status === 'ended') return false;
  const userHabit = { ...facts, status, positiveChangeIds: [] };
  return checkInRefusal({ today, date, logType: 'completed', positiveChangeId: null, userHabit }) === null;
}

// The habit's whole frame, one entry per local date, with its streaks, strength and pauses
// (docs/domain/habits-and-the-frame.md#a-habits-history). One indexed statement whatever the length
// of anyone's history.
export async function getHabitHistory(
  database: AppDatabase,
  options: { user: SignedInUser; userHabitId: string; now: Date; locale: string },
): Promise<THabitHistoryResponse> {
  const facts = await findHistoryFacts(database, {
    userId: options.user.id,
    userHabitId: options.userHabitId,
    locale: options.locale,
  });
  if (!facts) throw notFound(NOT_YOUR_HABIT);
  const today = localDate(options.now, options.user.timeZone);
  const status = effectiveStatus(facts, today);
  const frame = frameFacts(facts);
  const logs = new Map(facts.logs.map((log) => [log.date, log]));
  const days: THistoryDay[] = frameDates(facts).map((date) => {
    const log = logs.get(date);
    return {
      date,
      state: dayState(frame, date, today),
      note: log?.note ?? null,
      positive_change: log?.positiveChange ?? null,
      can_log: canLog(facts, status, date, today),
    };
  });
  return {
    user_habit_id: facts.id,
    habit_id: facts.habitId,
    habit_name: facts.habitName,
    status,
    today,
    started_on: facts.startedOn,
    ends_on: facts.frameEndsOn,
    ...summary(facts, today),
    current_streak: currentStreak(frame, today),
    paused_days: pausedDayCount(facts.pauses),
    max_paused_days: MAX_PAUSED_DAYS,
    days,
    pauses: facts.pauses.map((pause) => ({ ...pause, cancellable: status === 'active' && pause.to >= today })),
    positive_changes: facts.positiveChanges,
  };
}

// The member's completed habits, each with its summary
// (docs/domain/habits-and-the-frame.md#completed-habits-and-the-celebration).
export async function listCompletedHabits(
  database: AppDatabase,
  options: { user: SignedInUser; now: Date; locale: string },
): Promise<TCompletedHabit[]> {
  const db = database.db;
  const today = localDate(options.now, options.user.timeZone);
  const completed = await listCompletedFacts(db, { userId: options.user.id, today, locale: options.locale });
  return completed.map((facts) => ({
    user_habit_id: facts.id,
    habit_id: facts.habitId,
    habit_name: facts.habitName,
    started_on: facts.startedOn,
    ended_on: facts.frameEndsOn,
    ...summary(facts, today),
    celebrated: facts.celebrated,
  }));
}

// The member has seen the celebration of a completed habit (decision 014).
export async function markCelebrationSeen(
  database: AppDatabase,
  options: { user: SignedInUser; userHabitId: string; now: Date },
): Promise<void> {
  const db = database.db;
  const habit = await findHabitFrame(db, { userId: options.user.id, userHabitId: options.userHabitId });
  if (!habit) throw notFound(NOT_YOUR_HABIT);
  if (!frameIsOver(habit, localDate(options.now, options.user.timeZone))) {
    throw conflict(`This habit is not completed yet: its frame ends on ${habit.frameEndsOn}.`);
  }
  await insertCelebration(db, habit.id);
}
