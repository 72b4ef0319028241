import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import type { CohortVersion, StandingsVersion } from '../../db/queries/social/cohorts.ts';
import { readCohortStandings, type StandingFacts } from '../../db/queries/social/leaderboard.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { heldAnswer } from '../../db/speed/held-answers.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';
import { totalProgress } from '../habits/progress.ts';

export type Standing = StandingFacts & { progress: number };

// Total progress descending, then streak descending, then name, and the id between namesakes so
// every reader ranks the same way (docs/domain/standings-and-endorsements.md#ranking).
export function compareStandings(a: Standing, b: Standing): number {
  return (
    b.progress - a.progress ||
    b.streak - a.streak ||
    a.full_name.localeCompare(b.full_name, 'en') ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

// A cohort's members in leaderboard order. Each entry is the leaderboard's as seen by someone who
// is neither that member nor endorsed them today; entries are frozen, being shared by every request
// until the next change (a request copies what it changes).
export type RankedStandings = readonly Readonly<TCohortMember>[];

function toEntry(standing: Standing, index: number): Readonly<TCohortMember> {
  const entry: TCohortMember = {
    user: {
      id: standing.id,
      email: standing.email,
      full_name: standing.full_name,
      job_title: standing.job_title,
      role: standing.role,
    },
    rank: index + 1,
    active_habits: standing.habits.map((h) => ({ name: h.name, days_completed: h.days_completed })),
    total_progress_percentage: standing.progress,
    current_streak: standing.streak,
    total_endorsements: standing.received,
    endorsed_today: false,
    is_current_user: false,
  };
  return deepFreeze(entry);
}

type StandingsCall = { cohortId: string; version: StandingsVersion; now: Date; locale: string };

function ranked(facts: StandingFacts[]): RankedStandings {
  const members = facts.map((m) => ({ ...m, progress: totalProgress(m.habits) }));
  return Object.freeze(members.sort(compareStandings).map(toEntry));
}

// A cohort is ranked once per change of what its leaderboard shows, not once per request: the
// request has read the cohort's standings version (triggers raise it with every such change,
// migrations 0005 to 0009) and is answered from standings at least that recent, read while every
// member's local date was what it is now (their streaks depend on it).
const heldStandings = heldAnswer<StandingsCall, RankedStandings, AppDatabase>({
  name: 'cohort standings',
  max: 2_000,
  // One per locale the cohort is read in: its members' habits are named in it.
  key: (call) => `${call.cohortId} ${call.locale}`,
  read: async (database, call) => {
    const read = await readCohortStandings(database.db, call);
    return read && { ...read, value: ranked(read.value) };
  },
  seen: (_database, call) => ({ versions: call.version, at: call.now.getTime() }),
});

// The cohort's leaderboard entries in order; null when the cohort no longer exists.
export function rankedStandings(database: AppDatabase, options: { cohort: CohortVersion; now: Date; locale: string }) {
  const { cohort, now, locale } = options;
  return database.held(heldStandings, { cohortId: cohort.id, version: cohort.standings_version, now, locale });
}
