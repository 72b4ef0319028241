import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { localWriteCount, type DbOrTx } from '../db/client.ts';
import { LruMap } from '../lib/lru.ts';
import { dashboardFacts, dashboardVersions, type DashboardFacts } from '../db/queries/dashboard-facts.ts';
import type { VerifiedToken } from '../auth/verify-token.ts';
import { callerCheck, type CallerCheck, type SignedInUser } from '../db/queries/identity.ts';
import { progressPercentage } from '../db/queries/progress.ts';
import { standingsCache } from './standings.service.ts';
import { localDate } from '../lib/local-date.ts';
import { weekDates, weeklyMood } from './weekly-mood.ts';

const MAX_MEMBERS = 10_000;

// `writes`: the embedded database's write count before the facts were last confirmed (null on
// PostgreSQL); `caller`: the caller check they were confirmed with.
type Held = { today: string; facts: DashboardFacts; writes: number | null; caller: CallerCheck };

const sameCaller = (a: CallerCheck, b: CallerCheck) =>
  a.issuer === b.issuer && a.subject === b.subject && a.version === b.version;

// The facts of each member's dashboard as last read, per database: bounded, least recently used
// dropped first. They are used again only for the same local date and while the member's activity
// version, the content version and their cohort are unchanged (triggers raise the versions in the
// transaction of every change, migration 0008), checked by a small statement on every request: what
// a member sees is what the database holds, on any instance, without the full read. On the
// embedded database, which only this process can write (db/client.ts), not even that statement
// runs while this process has written nothing since the facts were confirmed for the same caller.
class DashboardFactsCache {
  private readonly members = new LruMap<string, Held>(MAX_MEMBERS);

  constructor(private readonly db: DbOrTx) {}

  async facts(options: { userId: string; today: string; caller: CallerCheck }): Promise<DashboardFacts> {
    const writes = localWriteCount(this.db);
    const held = this.members.get(options.userId);
    if (held && held.today === options.today) {
      if (
        writes !== null &&
        held.writes === writes &&
        held.facts.callerIsCurrent &&
        sameCaller(held.caller, options.caller)
      ) {
        return held.facts;
      }
      const current = await dashboardVersions(this.db, { userId: options.userId, caller: options.caller });
      const cohortId = held.facts.context?.cohort_id ?? null;
      if (
        current.activityVersion === held.facts.activityVersion &&
        current.contentVersion === held.facts.contentVersion &&
        (current.standings?.cohort_id ?? null) === cohortId
      ) {
        const context = held.facts.context && { ...held.facts.context, standings_version: current.standings!.version };
        const facts = { ...held.facts, callerIsCurrent: current.callerIsCurrent, context };
        this.members.set(options.userId, { today: options.today, facts, writes, caller: options.caller });
        return facts;
      }
    }
    const facts = await dashboardFacts(this.db, {
      userId: options.userId,
      today: options.today,
      weekStart: weekDates(options.today)[0]!,
      caller: options.caller,
    });
    this.members.set(options.userId, { today: options.today, facts, writes, caller: options.caller });
    return facts;
  }

  forget(): void {
    this.members.clear();
  }
}

const caches = new WeakMap<DbOrTx, DashboardFactsCache>();

function factsCache(db: DbOrTx): DashboardFactsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new DashboardFactsCache(db);
    caches.set(db, cache);
  }
  return cache;
}

// Drops every member's held facts (tests compare a held read with a fresh one).
export function forgetDashboardFacts(db: DbOrTx): void {
  caches.get(db)?.forget();
}

// The welcome-back dashboard in one statement, whatever the member's history or cohort size (and
// in a smaller one while the facts read before are current); the rank comes from the cohort's
// standings in the StandingsCache, as recent as that statement saw.
export async function getDashboard(
  db: DbOrTx,
  options: { user: SignedInUser; token: VerifiedToken; now: Date },
): Promise<{ callerIsCurrent: boolean; answer: () => TDashboardResponse }> {
  const { user, now } = options;
  const today = localDate(now, user.timeZone);
  const facts = await factsCache(db).facts({ userId: user.id, today, caller: callerCheck(user, options.token) });
  const { context } = facts;
  const ranked = context ? await standingsCache(db).ranked(context.cohort_id, context.standings_version, now) : null;
  // 0 only if the caller left the cohort after the statement above read it.
  const myRank = (ranked?.findIndex((row) => row.id === user.id) ?? -1) + 1;
  const habits = facts.habits.map((row) => ({
    id: row.id,
    habit_id: row.habit_id,
    habit_name: row.habit_name,
    progress_percentage: progressPercentage(row.days_completed, row.target_days),
    current_streak: row.current_streak,
    days_completed: row.days_completed,
    total_days: row.target_days,
    logged_today: row.logged_today,
  }));
  const value: TDashboardResponse = {
    user_name: user.fullName,
    programme_name: context?.programme_name ?? null,
    first_module_name: context?.first_module_name ?? null,
    active_habits: habits,
    can_add_more_habits: habits.length < MAX_ACTIVE_HABITS,
    team_widget:
      context && ranked && myRank > 0
        ? { name: context.cohort_name, member_count: ranked.length, my_rank: myRank }
        : null,
    mood_widget: weeklyMood({ today, moods: facts.moods }),
    positive_changes_widget: {
      total_logged: facts.changes.reduce((sum, change) => sum + change.count, 0),
      changes: facts.changes,
    },
  };
  return { callerIsCurrent: facts.callerIsCurrent, answer: () => value };
}
