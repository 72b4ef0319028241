import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';

// Progress in the fallback is completed local logs over the programme's 60 days
// (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded).
export const SAMPLE_PROGRAMME_DAYS = 60;
const yourLocalHabits = msg`Habits logged on this device`;
// Its source (en-GB) text, which the tests look for.
export const YOUR_LOCAL_HABITS = yourLocalHabits.message as string;

export type TSampleYou = { full_name: string; job_title: string | null; role: TUserRole };

// A check-in kept on this device (the check-in feature's, handed over by the cohort route).
export type TSampleLog = { date: string; completed: boolean };

type TSampleMate = { habit: MessageDescriptor; days: number; streak: number; endorsements: number };

// Four invented mates, so the page still shows what a leaderboard looks like. Named as samples,
// never as people, so nobody mistakes them for real colleagues.
const SAMPLE_MATES: readonly TSampleMate[] = [
  { habit: msg`Active Listening`, days: 45, streak: 12, endorsements: 9 },
  { habit: msg`Daily Check-ins`, days: 30, streak: 7, endorsements: 5 },
  { habit: msg`Say Thank You`, days: 15, streak: 3, endorsements: 3 },
  { habit: msg`Clear Feedback`, days: 6, streak: 1, endorsements: 1 },
];

export function progressOf(completedDays: number): number {
  return Math.min(100, Math.round((100 * completedDays) / SAMPLE_PROGRAMME_DAYS));
}

function previousDay(dayKey: string): string {
  const [year, month, day] = dayKey.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day! - 1));
  return date.toISOString().slice(0, 10);
}

// Like the server's streak (docs/domain/streaks-and-strength.md#current-streak): consecutive days
// with a completed log, ending today, or yesterday while today is not logged yet.
export function localStreak(logs: readonly TSampleLog[], today: string): number {
  const done = new Set(logs.filter((log) => log.completed).map((log) => log.date));
  let day = done.has(today) ? today : previousDay(today);
  let streak = 0;
  while (done.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}

function sampleMember(user: TCohortMember['user'], stats: Omit<TCohortMember, 'user' | 'rank'>) {
  return { user, rank: 0, ...stats } satisfies TCohortMember;
}

// Five rows for the offline fallback: the signed-in person from this device's habit logs, plus
// the four sample mates, ranked by progress as the server would; worded in the language shown.
export function buildSampleCohort(options: {
  logs: readonly TSampleLog[];
  you: TSampleYou | undefined;
  today: string;
}): TCohortMember[] {
  const completed = options.logs.filter((log) => log.completed).length;
  const you = sampleMember(
    {
      id: 'sample-you',
      email: '',
      full_name: options.you?.full_name ?? t`You`,
      job_title: options.you?.job_title ?? null,
      role: options.you?.role ?? 'member',
    },
    {
      active_habits: options.logs.length > 0 ? [{ name: i18n._(yourLocalHabits), days_completed: completed }] : [],
      total_progress_percentage: progressOf(completed),
      current_streak: localStreak(options.logs, options.today),
      total_endorsements: 0,
      endorsed_today: false,
      is_current_user: true,
    },
  );
  const mates = SAMPLE_MATES.map((mate, index) => {
    const number = index + 1;
    return sampleMember(
      {
        id: `sample-${number}`,
        email: '',
        full_name: t`Sample member ${number}`,
        job_title: null,
        role: 'member',
      },
      {
        active_habits: [{ name: i18n._(mate.habit), days_completed: mate.days }],
        total_progress_percentage: progressOf(mate.days),
        current_streak: mate.streak,
        total_endorsements: mate.endorsements,
        endorsed_today: false,
        is_current_user: false,
      },
    );
  });
  // Stable sort with "you" first: on a tie the person looking ranks above an invented mate.
  return [you, ...mates]
    .sort((a, b) => b.total_progress_percentage - a.total_progress_percentage)
    .map((member, index) => ({ ...member, rank: index + 1 }));
}
